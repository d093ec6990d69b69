import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { mergeNoticeText } from './api.ts';
import { mergeNoticesDismissed, selectCart } from './cartSlice.ts';

/**
 * After sign-in: the visitor cart's items that could not be carried over into the account's cart
 * (or only in part), and why (docs/product.md §4.2). Stays until dismissed.
 */
export default function CartMergeNotice() {
  const dispatch = useAppDispatch();
  const notices = useAppSelector(selectCart).mergeNotices;
  if (notices.length === 0) return null;
  return (
    <div className="merge-notice" role="status" aria-labelledby="merge-notice-title">
      <div className="merge-notice__body">
        <p id="merge-notice-title" className="merge-notice__title">
          {notices.length === 1
            ? 'One item from your cart could not be carried over in full:'
            : 'Some items from your cart could not be carried over in full:'}
        </p>
        <ul>
          {notices.map((notice) => (
            <li key={notice.productId}>{mergeNoticeText(notice)}</li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className="flash-banner__close"
        aria-label="Dismiss cart notice"
        onClick={() => dispatch(mergeNoticesDismissed())}
      >
        ×
      </button>
    </div>
  );
}
