import { statusLabel, statusTone } from './orderGrouping.ts';

/** Statuses shown as read, coloured per docs/product.md §4 Order status. */
export default function StatusBadge({ status }: { status: string }) {
  return <span className={`rw-badge rw-badge--${statusTone(status)}`}>{statusLabel(status)}</span>;
}
