/**
 * One shipment as its buyer or its seller sees it (docs/product.md §11): status, items, amount,
 * tracking, the dates that matter to that side, a reported problem, a refund, and exactly the
 * actions the server listed as open to the person reading.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  formatPrice,
  PROBLEM_REASONS,
  type ProblemReason,
  type ShipmentAction,
  type ShipmentRole,
  type ShipmentView,
} from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import ConfirmDialog from '../listings/ConfirmDialog.tsx';
import { formatOrderDate } from '../orders/orderGrouping.ts';
import {
  selectActing,
  selectActionError,
  shipmentActionRequested,
  shipmentErrorDismissed,
  type ShipmentCommand,
} from './shipmentsSlice.ts';
import {
  checkProblemForm,
  checkShipForm,
  PROBLEM_TEXT_MAX,
  SHIP_FIELD_MAX,
} from './shipmentForms.ts';
import {
  cancelReasonText,
  PROBLEM_REASON_LABELS,
  shipmentStatusLabel,
  shipmentStatusTone,
} from './shipmentStatus.ts';

/** The actions taken with one button (ship and report a problem have forms). */
type ButtonAction = Exclude<ShipmentAction, 'ship' | 'reportProblem'>;

export function ShipmentStatusBadge({ shipment }: { shipment: ShipmentView }) {
  return (
    <span className="rw-shipment__badges">
      <span className={`rw-badge rw-badge--${shipmentStatusTone(shipment.status)}`}>
        {shipmentStatusLabel(shipment.status)}
      </span>
      {/* A cancelled shipment is refunded too: say so beside its status. */}
      {shipment.refunded && shipment.status !== 'refunded' && (
        <span className="rw-badge rw-badge--grey">Refunded</span>
      )}
    </span>
  );
}

/** Actions that ask first: they move money or cannot be taken back. */
const CONFIRMATIONS: Partial<
  Record<
    ButtonAction,
    {
      title: string;
      body: (s: ShipmentView) => string;
      confirm: string;
      keep: string;
      tone: 'danger' | 'primary';
    }
  >
> = {
  confirmOk: {
    title: 'Everything is OK?',
    body: (s) =>
      `${formatPrice(s.amount)} is released to the seller, and you can no longer report a problem with this order.`,
    confirm: 'Yes, everything is OK',
    keep: 'Not yet',
    tone: 'primary',
  },
  cancel: {
    title: 'Cancel this order?',
    body: (s) =>
      `The seller will not ship it, and ${formatPrice(s.amount)} is refunded to your card.`,
    confirm: 'Cancel and refund',
    keep: 'Keep the order',
    tone: 'danger',
  },
  acceptReturn: {
    title: 'Accept the return?',
    body: (s) => `The buyer is refunded ${formatPrice(s.amount)}.`,
    confirm: 'Accept and refund',
    keep: 'Back',
    tone: 'danger',
  },
  dispute: {
    title: 'Dispute this problem?',
    body: () => 'The payment stays held until the dispute is settled with our support team.',
    confirm: 'Dispute',
    keep: 'Back',
    tone: 'danger',
  },
};

const BUTTON_LABELS: Record<ButtonAction, string> = {
  markDelivered: 'Mark as delivered',
  confirmReceipt: 'Confirm receipt',
  confirmOk: 'Everything is OK',
  acceptReturn: 'Accept return',
  dispute: 'Dispute',
  cancel: 'Cancel order',
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ShipForm({
  busy,
  onShip,
}: {
  busy: boolean;
  onShip: (body: { carrier: string; trackingNumber: string }) => void;
}) {
  const id = useId();
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<{ carrier?: string; trackingNumber?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The route's own rules: the same messages the server would answer with.
    const checked = checkShipForm({ carrier, trackingNumber });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    onShip(checked.body);
  };

  return (
    <form className="rw-shipment__form" aria-label="Ship this order" onSubmit={submit} noValidate>
      <div className="rw-field">
        <label htmlFor={`${id}-carrier`}>Carrier</label>
        <input
          id={`${id}-carrier`}
          value={carrier}
          list={`${id}-carriers`}
          maxLength={SHIP_FIELD_MAX}
          autoComplete="off"
          aria-invalid={errors.carrier ? true : undefined}
          aria-describedby={errors.carrier ? `${id}-carrier-error` : undefined}
          onChange={(e) => setCarrier(e.target.value)}
        />
        <datalist id={`${id}-carriers`}>
          <option value="USPS" />
          <option value="UPS" />
          <option value="FedEx" />
          <option value="DHL" />
        </datalist>
        {errors.carrier && (
          <span id={`${id}-carrier-error`} className="rw-field__error">
            {errors.carrier}
          </span>
        )}
      </div>
      <div className="rw-field">
        <label htmlFor={`${id}-tracking`}>Tracking number</label>
        <input
          id={`${id}-tracking`}
          value={trackingNumber}
          maxLength={SHIP_FIELD_MAX}
          autoComplete="off"
          aria-invalid={errors.trackingNumber ? true : undefined}
          aria-describedby={errors.trackingNumber ? `${id}-tracking-error` : undefined}
          onChange={(e) => setTrackingNumber(e.target.value)}
        />
        {errors.trackingNumber && (
          <span id={`${id}-tracking-error`} className="rw-field__error">
            {errors.trackingNumber}
          </span>
        )}
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        Mark as shipped
      </button>
    </form>
  );
}

function ProblemForm({
  busy,
  onReport,
  onClose,
}: {
  busy: boolean;
  onReport: (body: { reason: ProblemReason; text: string }) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<ProblemReason | ''>('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkProblemForm({ reason, text });
    if (!checked.ok) {
      setError(checked.errors.reason ?? checked.errors.text ?? null);
      return;
    }
    setError(null);
    onReport(checked.body);
  };

  return (
    <form className="rw-shipment__form" aria-label="Report a problem" onSubmit={submit} noValidate>
      <div className="rw-field">
        <label htmlFor={`${id}-reason`}>What is wrong?</label>
        <select
          id={`${id}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value as ProblemReason | '')}
        >
          <option value="">Choose a reason</option>
          {PROBLEM_REASONS.map((value) => (
            <option key={value} value={value}>
              {PROBLEM_REASON_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="rw-field">
        <label htmlFor={`${id}-text`}>Describe the problem</label>
        <textarea
          id={`${id}-text`}
          rows={4}
          value={text}
          maxLength={PROBLEM_TEXT_MAX}
          aria-describedby={`${id}-count`}
          onChange={(e) => setText(e.target.value)}
        />
        <span id={`${id}-count`} className="rw-muted rw-shipment__count">
          {text.length}/{PROBLEM_TEXT_MAX} characters
        </span>
      </div>
      {error && (
        <p className="rw-alert rw-alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="rw-shipment__buttons">
        <button type="submit" className="button button--primary" disabled={busy}>
          Send report
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}

interface Props {
  shipment: ShipmentView;
  role: ShipmentRole;
  /** The card's heading; the heading level follows the page. */
  title: string;
  headingLevel?: 2 | 3 | 4 | 5;
}

export default function ShipmentCard({ shipment, role, title, headingLevel = 2 }: Props) {
  const dispatch = useAppDispatch();
  const acting = useAppSelector(selectActing(shipment.shipmentId));
  const actionError = useAppSelector(selectActionError(shipment.shipmentId));
  const [confirming, setConfirming] = useState<ButtonAction | null>(null);
  const [reporting, setReporting] = useState(false);
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const busy = acting !== null;

  const act = (command: ShipmentCommand) => {
    setConfirming(null);
    setReporting(false);
    dispatch(
      shipmentActionRequested({
        ...command,
        shipmentId: shipment.shipmentId,
        orderId: shipment.orderId,
        role,
      }),
    );
  };
  const onButton = (action: ButtonAction) => {
    if (CONFIRMATIONS[action]) setConfirming(action);
    else act({ action });
  };
  const confirmation = confirming ? CONFIRMATIONS[confirming] : undefined;
  const buttons = shipment.actions.filter(
    (a): a is ButtonAction => a !== 'ship' && a !== 'reportProblem',
  );
  const cancelled = cancelReasonText(shipment);

  return (
    <article className="rw-card rw-shipment" aria-labelledby={headingId}>
      <div className="rw-shipment__head">
        <Heading id={headingId} className="rw-shipment__title" title={title}>
          {title}
        </Heading>
        <ShipmentStatusBadge shipment={shipment} />
      </div>

      <ul className="rw-order__items">
        {shipment.items.map((item) => (
          <li key={item.productId}>
            <span className="rw-order__item-title">
              {item.title} <span className="rw-muted">× {item.quantity}</span>
            </span>
            <span>{formatPrice(item.unitPrice * item.quantity)}</span>
          </li>
        ))}
      </ul>

      <dl className="rw-shipment__facts">
        <Field label="Amount">
          <strong>{formatPrice(shipment.amount)}</strong>
        </Field>
        {role === 'seller' && (
          <Field label="Ship to">
            <address className="rw-address">
              {shipment.shipping.name}
              <br />
              {shipment.shipping.address}
              <br />
              {shipment.shipping.city}, {shipment.shipping.state} {shipment.shipping.zip}
            </address>
          </Field>
        )}
        <Field label="Paid on">{formatOrderDate(shipment.openedAt)}</Field>
        {shipment.status === 'awaiting_shipment' && (
          <Field label={role === 'seller' ? 'Ship by' : 'The seller ships by'}>
            {formatOrderDate(shipment.shipBy)}
          </Field>
        )}
        {shipment.carrier && <Field label="Carrier">{shipment.carrier}</Field>}
        {shipment.trackingNumber && (
          <Field label="Tracking number">
            <span className="rw-shipment__tracking">{shipment.trackingNumber}</span>
          </Field>
        )}
        {shipment.shippedAt && (
          <Field label="Shipped on">{formatOrderDate(shipment.shippedAt)}</Field>
        )}
        {shipment.deliveredAt && (
          <Field label="Delivered on">{formatOrderDate(shipment.deliveredAt)}</Field>
        )}
        {shipment.status === 'delivered' && shipment.protectionEndsAt && (
          <Field label="Buyer protection until">{formatOrderDate(shipment.protectionEndsAt)}</Field>
        )}
        {shipment.completedAt && (
          <Field label="Completed on">{formatOrderDate(shipment.completedAt)}</Field>
        )}
      </dl>

      {cancelled && <p className="rw-muted">{cancelled}</p>}
      {shipment.refunded && (
        <p className="rw-alert rw-alert--success">
          <strong>Refunded</strong>
          {role === 'buyer'
            ? `${formatPrice(shipment.amount)} is refunded to your card.`
            : `${formatPrice(shipment.amount)} was refunded to the buyer.`}
        </p>
      )}
      {shipment.problem && (
        <div className="rw-shipment__problem">
          <strong>Problem reported: {PROBLEM_REASON_LABELS[shipment.problem.reason]}</strong>
          <span className="rw-muted"> on {formatOrderDate(shipment.problem.reportedAt)}</span>
          {shipment.problem.text && <p>{shipment.problem.text}</p>}
        </div>
      )}
      {shipment.status === 'disputed' && (
        <p className="rw-muted">The payment stays held until the dispute is settled.</p>
      )}
      {shipment.status === 'completed' && (
        <p>
          <Link to={`/shipments/${encodeURIComponent(shipment.shipmentId)}/review`}>
            {role === 'buyer' ? 'Review the seller' : 'Review the buyer'}
          </Link>
        </p>
      )}

      {actionError && (
        <div className="rw-alert rw-alert--error rw-shipment__error" role="alert">
          <span>{actionError}</span>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => dispatch(shipmentErrorDismissed({ shipmentId: shipment.shipmentId }))}
          >
            Dismiss
          </button>
        </div>
      )}
      {busy && (
        <p className="rw-muted" role="status">
          Sending...
        </p>
      )}

      {shipment.actions.includes('ship') && (
        <ShipForm busy={busy} onShip={(body) => act({ action: 'ship', body })} />
      )}
      {reporting && shipment.actions.includes('reportProblem') && (
        <ProblemForm
          busy={busy}
          onReport={(body) => act({ action: 'reportProblem', body })}
          onClose={() => setReporting(false)}
        />
      )}
      {(buttons.length > 0 || (shipment.actions.includes('reportProblem') && !reporting)) && (
        <div className="rw-shipment__buttons">
          {buttons.map((action) => (
            <button
              key={action}
              type="button"
              className={`button ${action === 'confirmOk' || action === 'markDelivered' || action === 'confirmReceipt' ? 'button--primary' : 'button--secondary'}`}
              disabled={busy}
              onClick={() => onButton(action)}
            >
              {BUTTON_LABELS[action]}
            </button>
          ))}
          {shipment.actions.includes('reportProblem') && !reporting && (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => setReporting(true)}
            >
              Report a problem
            </button>
          )}
        </div>
      )}

      {confirming && confirmation && (
        <ConfirmDialog
          title={confirmation.title}
          confirmLabel={confirmation.confirm}
          cancelLabel={confirmation.keep}
          tone={confirmation.tone}
          busy={busy}
          onConfirm={() => act({ action: confirming })}
          onCancel={() => setConfirming(null)}
        >
          <p>{confirmation.body(shipment)}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
