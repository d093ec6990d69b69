/**
 * How each kind of notification shows in the notification centre (docs/product.md §11.6): a
 * label, an icon and what its link opens. One centre for everything: the order steps, reviews,
 * and what later features raise (offers, messages, alerts), grouped by family so that a kind
 * added to NOTIFICATION_KINDS shows sensibly before it has an entry of its own.
 */
import type { NotificationKind } from '@rewear/contracts';

export type NotificationFamily =
  'order' | 'trouble' | 'review' | 'offer' | 'message' | 'alert' | 'moderation';

interface KindLook {
  family: NotificationFamily;
  label: string;
}

const KINDS: Partial<Record<NotificationKind, KindLook>> = {
  sale: { family: 'order', label: 'New sale' },
  shipped: { family: 'order', label: 'Shipped' },
  delivered: { family: 'order', label: 'Delivered' },
  receipt_confirmed: { family: 'order', label: 'Received' },
  completed: { family: 'order', label: 'Completed' },
  return_accepted: { family: 'trouble', label: 'Return accepted' },
  problem_reported: { family: 'trouble', label: 'Problem reported' },
  disputed: { family: 'trouble', label: 'Disputed' },
  cancelled: { family: 'trouble', label: 'Cancelled' },
  refunded: { family: 'trouble', label: 'Refunded' },
  payment_refunded: { family: 'trouble', label: 'Payment refunded' },
  review_left: { family: 'review', label: 'New review' },
  report_outcome: { family: 'moderation', label: 'Your report was decided' },
  moderation_decision: { family: 'moderation', label: 'Moderation decision' },
  appeal_decided: { family: 'moderation', label: 'Your appeal was decided' },
};

const lookOf = (kind: string): KindLook | undefined => KINDS[kind as NotificationKind];

const FAMILY_LABELS: Record<NotificationFamily, string> = {
  order: 'Order',
  trouble: 'Order problem',
  review: 'Review',
  offer: 'Offer',
  message: 'Message',
  alert: 'Alert',
  moderation: 'Moderation',
};

/** Pure: the family of a kind, by name for kinds without an entry of their own. */
export function familyOf(kind: string): NotificationFamily {
  const known = lookOf(kind);
  if (known) return known.family;
  if (kind.startsWith('offer') || kind.startsWith('counter')) return 'offer';
  if (kind.includes('message')) return 'message';
  return 'alert';
}

/** Pure: "price_drop" → "Price drop", for kinds without a label of their own. */
const spoken = (kind: string) => {
  const words = kind.replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : FAMILY_LABELS.alert;
};

export function kindLabel(kind: string): string {
  return lookOf(kind)?.label ?? spoken(kind);
}

/** What "View" says it opens, from the link's path. */
export function linkLabel(link: string): string {
  if (link.startsWith('/order-confirmation/')) return 'View order';
  if (link.startsWith('/sales')) return 'View sales';
  if (link.startsWith('/sellers/')) return 'View profile';
  if (link.startsWith('/products/')) return 'View item';
  if (link.startsWith('/search') || link.startsWith('/catalog')) return 'View listings';
  if (link.startsWith('/account/notices')) return 'View notice';
  if (link.startsWith('/account/reports')) return 'View your reports';
  return 'View';
}

const PATHS: Record<NotificationFamily, string> = {
  // A parcel.
  order: 'M3 7l9-4 9 4v10l-9 4-9-4V7zm0 0l9 4 9-4M12 11v10',
  // A warning triangle.
  trouble: 'M12 3l10 18H2L12 3zm0 6v5m0 3v.5',
  // A star.
  review: 'M12 3l2.8 5.8 6.2.9-4.5 4.4 1.1 6.3L12 17.5l-5.6 2.9 1.1-6.3L3 9.7l6.2-.9L12 3z',
  // A price tag.
  offer: 'M3 12V4h8l10 10-8 8L3 12zm5-4.5a1 1 0 1 0 0 .1',
  // A speech bubble.
  message: 'M4 5h16v11H9l-5 4V5z',
  // A bell.
  alert: 'M6 17V11a6 6 0 0 1 12 0v6l2 2H4l2-2zM10 21h4',
  // A shield.
  moderation: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6l8-3z',
};

export function KindIcon({ kind }: { kind: string }) {
  const family = familyOf(kind);
  return (
    <span className={`rw-notification__icon rw-notification__icon--${family}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="20" height="20">
        <path
          d={PATHS[family]}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
    </span>
  );
}
