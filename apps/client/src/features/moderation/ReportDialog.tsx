/**
 * The report dialog: why (one of the report reasons), what else a moderator should know (up to
 * 1,000 characters), and for a visitor an email to be told the outcome. A modal: focus moves in
 * and stays (Tab wraps), Escape closes, focus returns to the Report button.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectUser } from '../auth/authSlice.ts';
import { checkReportForm, type ReportFormInput } from './forms.ts';
import { reportReset, reportSubmitted, selectModeration } from './moderationSlice.ts';
import { REPORT_REASONS, REPORT_TEXT_MAX } from './reference.ts';
import type { ReportTarget } from './types.ts';
import '../auth/account.css';
import './moderation.css';
import './feature.ts';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

interface Props {
  target: ReportTarget;
  subject: string;
  onClose: () => void;
}

type Field = 'reason' | 'text' | 'email';

export default function ReportDialog({ target, subject, onClose }: Props) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { report } = useAppSelector(selectModeration);
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const firstReason = useRef<HTMLInputElement>(null);
  const emailField = useRef<HTMLInputElement>(null);
  const textField = useRef<HTMLTextAreaElement>(null);
  const done = useRef<HTMLButtonElement>(null);
  const [input, setInput] = useState<ReportFormInput>({ reason: '', text: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const sending = report.status === 'sending';
  const sent = report.status === 'sent';

  useEffect(() => {
    dispatch(reportReset());
    const previouslyFocused = document.activeElement as HTMLElement | null;
    firstReason.current?.focus();
    return () => previouslyFocused?.focus?.();
  }, [dispatch]);

  useEffect(() => {
    if (sent) done.current?.focus();
  }, [sent]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const set = (field: Field, value: string) => {
    setInput((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkReportForm(target, input, user !== null);
    if (!checked.ok) {
      setErrors(checked.errors);
      if (checked.errors.reason) firstReason.current?.focus();
      else if (checked.errors.text) textField.current?.focus();
      else if (checked.errors.email) emailField.current?.focus();
      return;
    }
    setErrors({});
    dispatch(reportSubmitted(checked.body));
  };

  const titleId = `${id}-title`;
  return (
    <div
      className="rw-modal-backdrop"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={dialog}
        className="rw-modal rw-report-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>Report {subject}</h2>
        {sent ? (
          <>
            <p className="rw-alert rw-alert--success" role="status">
              {report.message}
            </p>
            <div className="rw-modal__actions">
              <button ref={done} type="button" className="button button--primary" onClick={onClose}>
                Close
              </button>
            </div>
          </>
        ) : (
          <form className="rw-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
            <p className="rw-muted">
              A moderator reviews every report. Reporting does not hide anything by itself.
            </p>
            <fieldset
              className="rw-field"
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            >
              <legend>Why are you reporting this?</legend>
              <div className="rw-report-dialog__reasons">
                {REPORT_REASONS.map((reason, index) => (
                  <label key={reason.id} className="rw-report-dialog__reason">
                    <input
                      ref={index === 0 ? firstReason : undefined}
                      type="radio"
                      name={`${id}-reason`}
                      value={reason.id}
                      checked={input.reason === reason.id}
                      onChange={() => set('reason', reason.id)}
                    />
                    {reason.label}
                  </label>
                ))}
              </div>
              {errors.reason && (
                <span id={`${id}-reason-error`} className="rw-field__error">
                  {errors.reason}
                </span>
              )}
            </fieldset>
            <div className="rw-field">
              <label htmlFor={`${id}-text`}>Anything else we should know? (optional)</label>
              <textarea
                id={`${id}-text`}
                ref={textField}
                rows={3}
                value={input.text}
                maxLength={REPORT_TEXT_MAX}
                aria-invalid={errors.text ? true : undefined}
                aria-describedby={`${id}-text-count${errors.text ? ` ${id}-text-error` : ''}`}
                onChange={(event) => set('text', event.target.value)}
              />
              <span id={`${id}-text-count`} className="rw-muted rw-report-dialog__count">
                {input.text.length} / {REPORT_TEXT_MAX.toLocaleString('en-GB')} characters
              </span>
              {errors.text && (
                <span id={`${id}-text-error`} className="rw-field__error">
                  {errors.text}
                </span>
              )}
            </div>
            {!user && (
              <div className="rw-field">
                <label htmlFor={`${id}-email`}>Your email</label>
                <input
                  id={`${id}-email`}
                  ref={emailField}
                  type="email"
                  autoComplete="email"
                  value={input.email}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={`${id}-email-hint${errors.email ? ` ${id}-email-error` : ''}`}
                  onChange={(event) => set('email', event.target.value)}
                />
                <span id={`${id}-email-hint`} className="rw-muted rw-report-dialog__count">
                  We write to you once we have decided, and use it for nothing else.
                </span>
                {errors.email && (
                  <span id={`${id}-email-error`} className="rw-field__error">
                    {errors.email}
                  </span>
                )}
              </div>
            )}
            {report.status === 'failed' && report.error && (
              <p className="rw-alert rw-alert--error" role="alert">
                {report.error}
              </p>
            )}
            <div className="rw-modal__actions">
              <button type="button" className="button button--secondary" onClick={onClose}>
                Cancel
              </button>
              <button type="submit" className="button button--primary" disabled={sending}>
                {sending ? 'Sending...' : 'Send report'}
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
