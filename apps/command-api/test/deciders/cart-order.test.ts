import { describe, it } from 'vitest';
import type { DomainEvent } from '@rewear/contracts';
import { cartDecider } from '@rewear/features/cart/decider';
import { orderDecider, type OrderEvent } from '@rewear/features/order/decider';
import { userDecider } from '@rewear/features/user/decider';
import { wishlistDecider } from '@rewear/features/wishlist/decider';
import { newsletterDecider } from '@rewear/features/newsletter/decider';
import { brandDecider } from '@rewear/features/listing/decider';
import { collectionDecider } from '@rewear/features/collections/decider';
import type { PaymentIntentView } from '../../src/payments/port.ts';
import { given, NOW } from './given.ts';

const cart: DomainEvent = { type: 'CartCreated', data: { cartId: 'c1', userId: 'u1' } };
const product = (available: number, listed = true) => ({ productId: 'p1', listed, available });

describe('cart', () => {
  it('adds up to the available stock and says how many are left', () => {
    given(cartDecider, [cart])
      .when({ type: 'AddItem', userId: 'u1', product: product(3), quantity: 2 })
      .then([{ type: 'CartItemAdded', data: { cartId: 'c1', productId: 'p1', quantity: 2 } }]);
    given(cartDecider, [
      cart,
      { type: 'CartItemAdded', data: { cartId: 'c1', productId: 'p1', quantity: 2 } },
    ])
      .when({ type: 'AddItem', userId: 'u1', product: product(3), quantity: 2 })
      .thenRejects('conflict', 'Only 3 available');
  });
  it('refuses unknown products, other users and missing carts', () => {
    given(cartDecider, [cart])
      .when({ type: 'AddItem', userId: 'u1', product: product(0, false), quantity: 1 })
      .thenRejects('not_found', 'Product not found');
    given(cartDecider, [cart]).when({ type: 'ClearCart', userId: 'u2' }).thenRejects('forbidden');
    given(cartDecider, [])
      .when({ type: 'ClearCart', userId: 'u1' })
      .thenRejects('not_found', 'Cart not found');
  });
  it("refuses the buyer's own listing, as an offer on it is refused", () => {
    given(cartDecider, [cart])
      .when({
        type: 'AddItem',
        userId: 'u1',
        product: { ...product(3), sellerId: 'u1' },
        quantity: 1,
      })
      .thenRejects('invalid', 'You cannot buy your own listing');
    given(cartDecider, [cart])
      .when({
        type: 'AddItem',
        userId: 'u1',
        product: { ...product(3), sellerId: 's1' },
        quantity: 1,
      })
      .then([{ type: 'CartItemAdded', data: { cartId: 'c1', productId: 'p1', quantity: 1 } }]);
  });
  it('treats a quantity of 0 or less as removal', () => {
    given(cartDecider, [
      cart,
      { type: 'CartItemAdded', data: { cartId: 'c1', productId: 'p1', quantity: 2 } },
    ])
      .when({ type: 'SetItemQuantity', userId: 'u1', product: product(5), quantity: 0 })
      .then([{ type: 'CartItemRemoved', data: { cartId: 'c1', productId: 'p1', quantity: 2 } }]);
  });
  it('merges a visitor cart, capped by stock, skipping what cannot be bought', () => {
    given(cartDecider, [
      cart,
      { type: 'CartItemAdded', data: { cartId: 'c1', productId: 'p1', quantity: 1 } },
    ])
      .when({
        type: 'MergeItems',
        userId: 'u1',
        items: [
          { product: product(2), quantity: 5 },
          { product: { productId: 'gone', listed: false, available: 0 }, quantity: 1 },
          { product: { productId: 'p2', listed: true, available: 0 }, quantity: 1 },
        ],
      })
      .then([{ type: 'CartItemAdded', data: { cartId: 'c1', productId: 'p1', quantity: 1 } }]);
  });
  it('clears for a paid order once', () => {
    const cleared: DomainEvent = {
      type: 'CartCleared',
      data: { cartId: 'c1', reason: 'order_paid', orderId: 'o1' },
    };
    given(cartDecider, [cart]).when({ type: 'ClearCartForOrder', orderId: 'o1' }).then([cleared]);
    given(cartDecider, [cart, cleared]).when({ type: 'ClearCartForOrder', orderId: 'o1' }).then([]);
  });
});

const placed: DomainEvent = {
  type: 'OrderPlaced',
  data: {
    orderId: 'o1',
    userId: 'u1',
    totalCents: 5000,
    currency: 'usd',
    paymentIntentId: 'pi_1',
    expiresAt: new Date(NOW.getTime() + 60_000).toISOString(),
    items: [{ productId: 'p1', title: 'Jacket', image: '', quantity: 2, unitPriceCents: 2500 }],
    shipping: { name: 'A', address: 'B', city: 'C', state: 'D', zip: '1', email: 'a@b.co' },
  },
};
const intent = (over: Partial<PaymentIntentView> = {}): PaymentIntentView => ({
  id: 'pi_1',
  clientSecret: 's',
  status: 'succeeded',
  amountCents: 5000,
  currency: 'usd',
  orderId: 'o1',
  lastError: null,
  ...over,
});
const paid: DomainEvent = {
  type: 'OrderPaid',
  data: { orderId: 'o1', paymentIntentId: 'pi_1', amountCents: 5000 },
};

describe('order payment', () => {
  it('is paid by a succeeded intent for this order, amount and currency, once', () => {
    given(orderDecider, [placed]).when({ type: 'RecordPayment', intent: intent() }).then([paid]);
    given(orderDecider, [placed, paid]).when({ type: 'RecordPayment', intent: intent() }).then([]);
  });
  it('is not paid by an intent that did not succeed, or that belongs elsewhere', () => {
    given(orderDecider, [placed])
      .when({ type: 'RecordPayment', intent: intent({ status: 'requires_payment_method' }) })
      .thenRejects('payment_required');
    given(orderDecider, [placed])
      .when({ type: 'RecordPayment', intent: intent({ orderId: 'o2' }) })
      .thenRejects('conflict', /does not belong/);
    given(orderDecider, [placed])
      .when({ type: 'RecordPayment', intent: intent({ amountCents: 100 }) })
      .thenRejects('conflict', /amount/);
    given(orderDecider, [placed])
      .when({ type: 'RecordPayment', intent: intent({ currency: 'eur' }) })
      .thenRejects('conflict', /amount/);
  });
  it('expires only when unpaid and past expiresAt', () => {
    given(orderDecider, [placed]).when({ type: 'ExpireOrder' }).then([]);
    given(orderDecider, [placed])
      .when({ type: 'ExpireOrder' }, new Date(NOW.getTime() + 60_000))
      .then([{ type: 'OrderExpired', data: { orderId: 'o1' } }]);
    given(orderDecider, [placed, paid])
      .when({ type: 'ExpireOrder' }, new Date(NOW.getTime() + 60_000))
      .then([]);
    given(orderDecider, [placed])
      .when({ type: 'RecordPayment', intent: intent() }, new Date(NOW.getTime() + 60_000))
      .thenRejects('conflict', /expired/);
  });
  it('fails on a failed intent, and then cannot be paid', () => {
    const failed: DomainEvent = {
      type: 'OrderPaymentFailed',
      data: { orderId: 'o1', paymentIntentId: 'pi_1', reason: 'Your card was declined.' },
    };
    given(orderDecider, [placed])
      .when({
        type: 'RecordPaymentFailure',
        intent: intent({ status: 'requires_payment_method', lastError: 'Your card was declined.' }),
      })
      .then([failed]);
    given(orderDecider, [placed, failed])
      .when({ type: 'RecordPayment', intent: intent() })
      .thenRejects('conflict');
  });
});

describe('order: a payment it cannot use is refunded', () => {
  const twoItems: OrderEvent = {
    type: 'OrderPlaced',
    data: {
      ...(placed.data as object),
      totalCents: 8000,
      items: [
        { productId: 'p1', title: 'Jacket', image: '', quantity: 2, unitPriceCents: 2500 },
        { productId: 'p2', title: 'Scarf', image: '', quantity: 1, unitPriceCents: 3000 },
      ],
    } as never,
  };
  const expired: OrderEvent = { type: 'OrderExpired', data: { orderId: 'o1' } };
  const failed: OrderEvent = {
    type: 'OrderPaymentFailed',
    data: { orderId: 'o1', paymentIntentId: 'pi_1', reason: 'declined' },
  };
  const refunded = (
    reason: 'order_expired' | 'payment_failed' | 'items_unavailable',
    amountCents: number,
    productIds: string[],
  ): OrderEvent => ({
    type: 'OrderPaymentRefunded',
    data: {
      orderId: 'o1',
      paymentIntentId: 'pi_1',
      amountCents,
      reason,
      productIds,
      refundedAt: NOW.toISOString(),
    },
  });

  it('all of it when the order had expired or its payment had failed', () => {
    given(orderDecider, [twoItems, expired])
      .when({ type: 'RefundUnusablePayment' })
      .then([refunded('order_expired', 8000, ['p1', 'p2'])]);
    given(orderDecider, [twoItems, failed])
      .when({ type: 'RefundUnusablePayment' })
      .then([refunded('payment_failed', 8000, ['p1', 'p2'])]);
  });

  it('the items that could not be sold of a paid order', () => {
    given(orderDecider, [twoItems, paid as OrderEvent])
      .when({ type: 'RefundUnusablePayment', productIds: ['p2'] })
      .then([refunded('items_unavailable', 3000, ['p2'])]);
    given(orderDecider, [twoItems, paid as OrderEvent])
      .when({ type: 'RefundUnusablePayment', productIds: ['p9'] })
      .thenRejects('invalid', 'These items are not in this order');
  });

  it('never twice, and never a payment the order can use', () => {
    given(orderDecider, [twoItems, expired, refunded('order_expired', 8000, ['p1', 'p2'])])
      .when({ type: 'RefundUnusablePayment' })
      .then([]);
    given(orderDecider, [twoItems, paid as OrderEvent])
      .when({ type: 'RefundUnusablePayment' })
      .thenRejects('conflict', 'This order can use its payment: nothing to refund');
    given(orderDecider, [twoItems])
      .when({ type: 'RefundUnusablePayment' })
      .thenRejects('conflict', 'This order can use its payment: nothing to refund');
  });

  it('records the processor refund once, and only for a decided refund', () => {
    const issued: OrderEvent = {
      type: 'OrderRefundIssued',
      data: { orderId: 'o1', refundId: 're_1', amountCents: 8000 },
    };
    const decided = [twoItems, expired, refunded('order_expired', 8000, ['p1', 'p2'])];
    given(orderDecider, decided)
      .when({ type: 'RecordRefundIssued', refundId: 're_1' })
      .then([issued]);
    given(orderDecider, [...decided, issued])
      .when({ type: 'RecordRefundIssued', refundId: 're_2' })
      .then([]);
    given(orderDecider, [twoItems, expired])
      .when({ type: 'RecordRefundIssued', refundId: 're_1' })
      .then([]);
  });
});

describe('small aggregates', () => {
  it('registers a user once', () => {
    const cmd = {
      type: 'RegisterUser',
      uid: 'u1',
      email: 'a@b.co',
      displayName: 'A',
      photoUrl: null,
    } as const;
    given(userDecider, [])
      .when(cmd)
      .then([
        {
          type: 'UserRegistered',
          data: { uid: 'u1', email: 'a@b.co', displayName: 'A', photoUrl: null },
        },
      ]);
    given(userDecider, [
      {
        type: 'UserRegistered',
        data: { uid: 'u1', email: 'a@b.co', displayName: 'A', photoUrl: null },
      },
    ])
      .when(cmd)
      .thenRejects('conflict', 'User already registered');
  });
  it('keeps a wishlist without duplicates', () => {
    const added: DomainEvent = {
      type: 'WishlistItemAdded',
      data: { userId: 'u1', productId: 'p1' },
    };
    given(wishlistDecider, [])
      .when({ type: 'AddToWishlist', userId: 'u1', productId: 'p1', productListed: true })
      .then([added]);
    given(wishlistDecider, [added])
      .when({ type: 'AddToWishlist', userId: 'u1', productId: 'p1', productListed: true })
      .then([]);
    given(wishlistDecider, [])
      .when({ type: 'AddToWishlist', userId: 'u1', productId: 'p9', productListed: false })
      .thenRejects('not_found');
    given(wishlistDecider, [])
      .when({ type: 'RemoveFromWishlist', userId: 'u1', productId: 'p1' })
      .thenRejects('not_found');
    given(wishlistDecider, [added])
      .when({ type: 'ClearWishlist', userId: 'u1' })
      .then([{ type: 'WishlistCleared', data: { userId: 'u1', productIds: ['p1'] } }]);
  });
  it('subscribes an email once and unsubscribes only a subscriber', () => {
    given(newsletterDecider, [])
      .when({ type: 'Subscribe', email: 'A@B.co' })
      .then([{ type: 'NewsletterSubscribed', data: { email: 'a@b.co' } }]);
    given(newsletterDecider, [{ type: 'NewsletterSubscribed', data: { email: 'a@b.co' } }])
      .when({ type: 'Subscribe', email: 'a@b.co' })
      .then([]);
    given(newsletterDecider, [])
      .when({ type: 'Unsubscribe', email: 'a@b.co' })
      .thenRejects('not_found');
  });
  it('creates a brand once; ensuring an existing brand changes nothing', () => {
    const createdBrand: DomainEvent = {
      type: 'BrandCreated',
      data: { brandId: 'b1', name: 'Acme', image: null },
    };
    given(brandDecider, [createdBrand])
      .when({ type: 'CreateBrand', brandId: 'b1', name: 'acme', image: null })
      .thenRejects('conflict');
    given(brandDecider, [createdBrand])
      .when({ type: 'EnsureBrand', brandId: 'b1', name: 'acme', image: null })
      .then([]);
  });
  it('follows a visible collection once; a private one of someone else is not found', () => {
    const privateOne: DomainEvent = {
      type: 'CollectionCreated',
      data: {
        collectionId: 'k1',
        ownerId: 'u1',
        title: 'T',
        description: '',
        productIds: [],
        isPublic: false,
      },
    };
    given(collectionDecider, [privateOne])
      .when({ type: 'FollowCollection', collectionId: 'k1', userId: 'u2' })
      .thenRejects('not_found');
    given(collectionDecider, [])
      .when({ type: 'FollowCollection', collectionId: 'trending_hits', userId: 'u2' })
      .then([
        { type: 'CollectionFollowed', data: { collectionId: 'trending_hits', userId: 'u2' } },
      ]);
  });
});
