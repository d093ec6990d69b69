/** A message box: text only, at most 2,000 characters, with a counter. */
import { useId, useState, type FormEvent } from 'react';
import { MESSAGE_MAX_LENGTH } from './offerSteps.ts';

interface Props {
  busy: boolean;
  placeholder?: string;
  onSend: (text: string) => void;
}

export default function MessageComposer({ busy, placeholder, onSend }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || trimmed.length > MESSAGE_MAX_LENGTH) return;
    onSend(trimmed);
    setText('');
  };
  return (
    <form className="rw-composer" aria-label="Write a message" onSubmit={submit}>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        Message
      </label>
      <textarea
        id={`${id}-text`}
        rows={3}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={placeholder ?? 'Write a message'}
        aria-describedby={`${id}-count`}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="rw-composer__foot">
        <span id={`${id}-count`} className="rw-muted">
          {text.length}/{MESSAGE_MAX_LENGTH}
        </span>
        <button type="submit" className="button button--primary" disabled={busy || !text.trim()}>
          Send
        </button>
      </div>
    </form>
  );
}
