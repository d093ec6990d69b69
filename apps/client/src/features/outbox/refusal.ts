/** What the shopper is told when a command that waited in the outbox is refused, or dropped. */
import type { ApiError } from '../../api/http.ts';
import type { OutboxIntent } from '../../api/outbox.ts';

function named(intent: OutboxIntent | undefined): string {
  const payload = intent?.payload as { product?: { title?: unknown }; title?: unknown } | undefined;
  const title = payload?.product?.title ?? payload?.title;
  return typeof title === 'string' && title ? `"${title}"` : 'An item';
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export function refusalMessage(intent: OutboxIntent | undefined, error: ApiError): string {
  const reason = sentence(error.message);
  switch (intent?.type) {
    case 'cart/addToCart':
    case 'cart/updateQuantity': {
      const available = (error.details as { available?: unknown } | undefined)?.available;
      if (error.status === 409 && available === 0)
        return `${named(intent)} sold out while your change was waiting to be sent, so it is not in your cart.`;
      return `${named(intent)} could not be added to your cart: ${reason}`;
    }
    case 'cart/removeFromCart':
    case 'cart/clearCart':
      return `Your cart could not be changed: ${reason}`;
    case 'wishlist/addToWishlist':
      return `${named(intent)} could not be saved to your wishlist: ${reason}`;
    case 'wishlist/removeFromWishlist':
    case 'wishlist/clearWishlist':
      return `Your wishlist could not be changed: ${reason}`;
    case 'social/followToggled':
      return `Your follow could not be saved: ${reason}`;
    case 'social/blockToggled':
      return `Your block could not be saved: ${reason}`;
    case 'messages/messageSent':
      return `Your message could not be sent: ${reason}`;
    default:
      return `A change you made could not be saved: ${reason}`;
  }
}

export function droppedMessage(count: number): string {
  return count === 1
    ? 'A change made more than a day ago could not be sent and was dropped.'
    : `${count} changes made more than a day ago could not be sent and were dropped.`;
}
