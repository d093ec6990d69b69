/**
 * The contact form (docs/product.md §2.23): a topic, a subject and a message, and for a visitor
 * an email to be answered at (a signed-in user is answered at their account's unless they give
 * another). Each field's problem shows under it, in the server's words, before anything is sent;
 * once the server has the message, the page says so and where the reply will go.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CONTACT_LIMITS, CONTACT_TOPIC_LABELS, CONTACT_TOPICS } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectUser } from '../auth/authSlice.ts';
import { checkContactForm, type ContactField, type ContactFormInput } from './contactForm.ts';
import { contactFormReset, contactMessageSubmitted, selectContact } from './contactSlice.ts';
import '../auth/account.css';
import './contact.css';
import './feature.ts';

const EMPTY: ContactFormInput = { topic: '', subject: '', message: '', name: '', email: '' };
const FIELD_ORDER: ContactField[] = ['topic', 'subject', 'message', 'name', 'email'];

export default function ContactForm() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { status, error, received } = useAppSelector(selectContact);
  const id = useId();
  const [input, setInput] = useState<ContactFormInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const fields = useRef<Partial<Record<ContactField, HTMLElement | null>>>({});
  const thanks = useRef<HTMLDivElement | null>(null);
  const sending = status === 'sending';

  // Focus moves to the confirmation, so it is read out and the form's end is not a dead end.
  useEffect(() => {
    if (status === 'sent') thanks.current?.focus();
  }, [status]);

  const set = (field: ContactField) => (value: string) => {
    setInput((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkContactForm(input, user !== null);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = FIELD_ORDER.find((field) => checked.errors[field]);
      if (first) fields.current[first]?.focus();
      return;
    }
    setErrors({});
    dispatch(contactMessageSubmitted(checked.body));
  };

  if (status === 'sent' && received)
    return (
      <div
        className="rw-alert rw-alert--success contact-form__received"
        role="status"
        tabIndex={-1}
        ref={thanks}
      >
        <p>
          <strong>Message received.</strong> {received.message}
        </p>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => {
            setInput(EMPTY);
            dispatch(contactFormReset());
          }}
        >
          Send another message
        </button>
      </div>
    );

  const describedBy = (field: ContactField, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, hint ?? null].filter(Boolean).join(' ') ||
    undefined;
  const fieldError = (field: ContactField) =>
    errors[field] ? (
      <span id={`${id}-${field}-error`} className="rw-field__error">
        {errors[field]}
      </span>
    ) : null;
  const messageLength = input.message.trim().length;

  return (
    <form className="rw-form contact-form" aria-label="Contact form" onSubmit={submit} noValidate>
      <div className="rw-field">
        <label htmlFor={`${id}-topic`}>What is it about?</label>
        <select
          id={`${id}-topic`}
          ref={(element) => void (fields.current.topic = element)}
          value={input.topic}
          aria-invalid={errors.topic ? true : undefined}
          aria-describedby={describedBy('topic')}
          onChange={(event) => set('topic')(event.target.value)}
        >
          <option value="">Choose a topic</option>
          {CONTACT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {CONTACT_TOPIC_LABELS[topic]}
            </option>
          ))}
        </select>
        {fieldError('topic')}
      </div>
      <div className="rw-field">
        <label htmlFor={`${id}-subject`}>Subject</label>
        <input
          id={`${id}-subject`}
          ref={(element) => void (fields.current.subject = element)}
          value={input.subject}
          maxLength={CONTACT_LIMITS.subjectMax}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={describedBy('subject')}
          onChange={(event) => set('subject')(event.target.value)}
        />
        {fieldError('subject')}
      </div>
      <div className="rw-field">
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea
          id={`${id}-message`}
          ref={(element) => void (fields.current.message = element)}
          rows={6}
          value={input.message}
          maxLength={CONTACT_LIMITS.messageMax}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message', `${id}-message-count`)}
          onChange={(event) => set('message')(event.target.value)}
        />
        <span id={`${id}-message-count`} className="rw-muted contact-form__count">
          {messageLength} / {CONTACT_LIMITS.messageMax} characters (at least{' '}
          {CONTACT_LIMITS.messageMin})
        </span>
        {fieldError('message')}
      </div>
      <div className="rw-form__grid">
        <div className="rw-field">
          <label htmlFor={`${id}-name`}>Your name (optional)</label>
          <input
            id={`${id}-name`}
            ref={(element) => void (fields.current.name = element)}
            value={input.name}
            autoComplete="name"
            maxLength={CONTACT_LIMITS.nameMax}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            onChange={(event) => set('name')(event.target.value)}
          />
          {fieldError('name')}
        </div>
        <div className="rw-field">
          <label htmlFor={`${id}-email`}>{user ? 'Reply to (optional)' : 'Your email'}</label>
          <input
            id={`${id}-email`}
            ref={(element) => void (fields.current.email = element)}
            type="email"
            value={input.email}
            autoComplete="email"
            placeholder={user?.email ?? undefined}
            maxLength={CONTACT_LIMITS.emailMax}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email', `${id}-email-hint`)}
            onChange={(event) => set('email')(event.target.value)}
          />
          <span id={`${id}-email-hint`} className="rw-muted contact-form__count">
            {user?.email
              ? `Left empty, we reply to ${user.email}.`
              : 'We reply to this address, and use it for nothing else.'}
          </span>
          {fieldError('email')}
        </div>
      </div>
      {error && (
        <p className="rw-alert rw-alert--error" role="alert">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Sending...' : 'Send message'}
        </button>
      </div>
    </form>
  );
}
