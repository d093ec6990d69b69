/** An amount to offer (or to counter with), checked before it is sent. */
import { useId, useState, type FormEvent } from 'react';
import { toCents, toDollars } from '@rewear/contracts';
import { offerProblem } from './offerSteps.ts';

interface Props {
  listPrice: number;
  label: string;
  submitLabel: string;
  busy: boolean;
  /** A counter must be above the offer; an offer at least half the price. */
  above?: number;
  onSubmit: (amount: number) => void;
  onCancel?: () => void;
}

export default function OfferForm({
  listPrice,
  label,
  submitLabel,
  busy,
  above,
  onSubmit,
  onCancel,
}: Props) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = toCents(amount);
    const found =
      above !== undefined
        ? cents === null || cents <= toCents(above)!
          ? `A counter must be above the offer`
          : null
        : offerProblem(amount, listPrice);
    setProblem(found);
    if (!found) onSubmit(toDollars(cents!));
  };

  return (
    <form className="rw-offer-form" aria-label={label} onSubmit={submit} noValidate>
      <div className="rw-field">
        <label htmlFor={`${id}-amount`}>{label}</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          placeholder="0.00"
          value={amount}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => setAmount(e.target.value)}
        />
        {problem && (
          <span id={`${id}-problem`} className="rw-field__error">
            {problem}
          </span>
        )}
      </div>
      <div className="rw-offer-form__buttons">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Sending...' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
