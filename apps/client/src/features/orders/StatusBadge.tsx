import { statusLabel, statusTone } from './orderGrouping.ts';

/** Statuses shown as read, coloured per docs/product.md §4 Order status; `label` words it for the shopper. */
export default function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span className={`rw-badge rw-badge--${statusTone(status)}`}>
      {label ?? statusLabel(status)}
    </span>
  );
}
