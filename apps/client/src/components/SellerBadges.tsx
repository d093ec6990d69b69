/**
 * A seller's badges (docs/product.md §14.5): a small label each, its rule in a tooltip (the
 * title) and as the label's accessible description, for a card, the product page and a profile.
 */
import { useId } from 'react';
import { sellerBadgeOf } from '@rewear/contracts';
import './seller-badges.css';

export default function SellerBadges({
  badges,
  className = '',
}: {
  badges: readonly string[] | undefined;
  className?: string;
}) {
  const id = useId();
  const known = (badges ?? []).flatMap((badgeId) => {
    const badge = sellerBadgeOf(badgeId);
    return badge ? [badge] : [];
  });
  if (known.length === 0) return null;
  return (
    <ul className={`seller-badges ${className}`.trim()} aria-label="Seller badges">
      {known.map((badge) => (
        <li
          key={badge.id}
          className="seller-badge"
          title={badge.rule}
          tabIndex={0}
          aria-describedby={`${id}-${badge.id}`}
          data-badge={badge.id}
        >
          {badge.label}
          <span id={`${id}-${badge.id}`} className="visually-hidden" aria-hidden="true">
            {badge.rule}
          </span>
        </li>
      ))}
    </ul>
  );
}
