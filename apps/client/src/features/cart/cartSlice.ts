/**
 * The cart (docs/product.md §4 Cart). Lines change on screen as soon as the shopper acts; the saga then
 * sends the command, and the server's cart replaces the lines once no other change is pending.
 * `confirmed` is the last cart the server answered: a failed command rolls back to it.
 */
import { createAction, createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  changeLines,
  priceLines,
  toCents,
  toDollars,
  type BundleTier,
  type CartLine as ServerCartLine,
  type HeldOffer,
  type Product,
} from '@rewear/contracts';

/** What a cart line needs on screen (docs/product.md §3 Cart line) plus the stock for the stepper. */
export interface CartItem {
  product_id: string;
  title: string;
  image: string;
  brand_name: string;
  price: number;
  quantity: number;
  stock?: number;
  seller_id?: string;
  /** The buyer's accepted offer pricing this line (`price` is then the offered price). */
  offerId?: string | null;
  listPrice?: number;
}

/** A visitor line not carried over (or only in part) at sign-in, and why. */
export interface MergeNotice {
  productId: string;
  title: string;
  reason: 'not_found' | 'sold_out' | 'capped';
  /** For 'capped': what the cart holds now. */
  quantity?: number;
}

export type CartProduct = Pick<
  Product,
  'product_id' | 'title' | 'image' | 'brand_name' | 'price'
> & {
  stock?: number;
  seller_id?: string;
};

export interface CartState {
  cartId: string | null;
  lines: CartItem[];
  confirmed: CartItem[];
  /** Commands sent and not yet answered; the server's lines are applied only when none is left. */
  pending: number;
  status: 'idle' | 'loading' | 'ready';
  error: string | null;
  drawerOpen: boolean;
  /** Who the lines belong to: a uid, or null for the visitor cart kept in this browser. */
  owner: string | null;
  /** What the merge at sign-in could not carry over; shown until dismissed. */
  mergeNotices: MergeNotice[];
  /** Bundle discounts of the cart's sellers, as the server last answered them. */
  bundles: Record<string, BundleTier[]>;
}

export const initialCartState: CartState = {
  cartId: null,
  lines: [],
  confirmed: [],
  pending: 0,
  status: 'idle',
  error: null,
  drawerOpen: false,
  owner: null,
  mergeNotices: [],
  bundles: {},
};

export function toCartItem(line: ServerCartLine | CartItem): CartItem {
  return {
    product_id: line.product_id,
    title: line.title,
    image: line.image,
    brand_name: line.brand_name,
    price: Number(line.price),
    quantity: line.quantity,
    stock: line.stock,
    seller_id: line.seller_id,
    offerId: line.offerId ?? null,
    listPrice: line.listPrice,
  };
}

/** Pure line arithmetic shared by the reducer and the tests. */
const productIdOf = (line: CartItem) => line.product_id;

/** The cart's lines after an add; the arithmetic is the server's (@rewear/contracts). */
export function addLine(lines: CartItem[], product: CartProduct, quantity = 1): CartItem[] {
  return changeLines(
    lines,
    productIdOf,
    product.product_id,
    { type: 'add', quantity },
    (quantity) => ({
      product_id: product.product_id,
      title: product.title,
      image: product.image,
      brand_name: product.brand_name,
      price: Number(product.price),
      quantity,
      stock: product.stock,
      seller_id: product.seller_id,
    }),
  );
}

/** Without a quantity the whole line leaves. */
export function removeLine(lines: CartItem[], productId: string, quantity?: number): CartItem[] {
  return changeLines(lines, productIdOf, productId, { type: 'remove', quantity });
}

/** 0 or less removes the line; a product not in the cart is left out. */
export function setLineQuantity(
  lines: CartItem[],
  productId: string,
  quantity: number,
): CartItem[] {
  return changeLines(lines, productIdOf, productId, { type: 'set', quantity });
}

/** The lines after the cart actions of commands still waiting in the outbox (an add, a removal...). */
export function linesWithIntents(lines: CartItem[], intents: readonly unknown[]): CartItem[] {
  return intents.reduce<CartItem[]>((current, intent) => {
    if (cartSlice.actions.addToCart.match(intent))
      return addLine(current, intent.payload.product, intent.payload.quantity ?? 1);
    if (cartSlice.actions.removeFromCart.match(intent))
      return removeLine(current, intent.payload.productId, intent.payload.quantity);
    if (cartSlice.actions.updateQuantity.match(intent))
      return setLineQuantity(current, intent.payload.productId, intent.payload.quantity);
    if (cartSlice.actions.clearCart.match(intent)) return [];
    return current;
  }, lines);
}

export interface AddToCartPayload {
  product: CartProduct;
  quantity?: number;
}
export interface RemoveFromCartPayload {
  productId: string;
  /** Units to remove; all of them when absent. */
  quantity?: number;
}
export interface UpdateQuantityPayload {
  productId: string;
  quantity: number;
}

const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    addToCart(state, action: PayloadAction<AddToCartPayload>) {
      state.lines = addLine(state.lines, action.payload.product, action.payload.quantity ?? 1);
      state.error = null;
      if (state.owner) state.pending += 1;
    },
    removeFromCart(state, action: PayloadAction<RemoveFromCartPayload>) {
      state.lines = removeLine(state.lines, action.payload.productId, action.payload.quantity);
      state.error = null;
      if (state.owner) state.pending += 1;
    },
    updateQuantity(state, action: PayloadAction<UpdateQuantityPayload>) {
      state.lines = setLineQuantity(state.lines, action.payload.productId, action.payload.quantity);
      state.error = null;
      if (state.owner) state.pending += 1;
    },
    clearCart(state) {
      state.lines = [];
      state.error = null;
      if (state.owner) state.pending += 1;
    },
    /** A command succeeded and the server's cart was read back. */
    commandSucceeded(state, action: PayloadAction<{ id: string | null; lines: CartItem[] }>) {
      state.pending = Math.max(0, state.pending - 1);
      state.confirmed = action.payload.lines;
      if (action.payload.id) state.cartId = action.payload.id;
      if (state.pending === 0) state.lines = action.payload.lines;
    },
    /** A command failed: back to the last cart the server confirmed. */
    commandFailed(state, action: PayloadAction<{ error: string }>) {
      state.pending = Math.max(0, state.pending - 1);
      state.lines = state.confirmed;
      state.error = action.payload.error;
    },
    /** The command could not even start (no cart yet): nothing was sent. */
    commandRejected(state, action: PayloadAction<{ error: string }>) {
      state.pending = Math.max(0, state.pending - 1);
      state.lines = state.confirmed;
      state.error = action.payload.error;
    },
    cartLoading(state, action: PayloadAction<{ owner: string }>) {
      state.status = 'loading';
      state.owner = action.payload.owner;
      state.error = null;
    },
    cartLoaded(state, action: PayloadAction<{ id: string | null; lines: CartItem[] }>) {
      state.status = 'ready';
      state.cartId = action.payload.id;
      state.lines = action.payload.lines;
      state.confirmed = action.payload.lines;
      state.pending = 0;
    },
    cartLoadFailed(state, action: PayloadAction<{ error: string }>) {
      state.status = 'ready';
      state.error = action.payload.error;
    },
    /** The visitor cart read back from this browser's storage. */
    visitorCartRestored(state, action: PayloadAction<CartItem[]>) {
      if (state.owner) return;
      state.lines = action.payload;
      state.confirmed = action.payload;
      state.status = 'ready';
    },
    /** Changes kept in the outbox and not sent yet, on top of the server's cart (outboxSaga). */
    outboxLinesShown(state, action: PayloadAction<CartItem[]>) {
      state.lines = action.payload;
    },
    /** Another tab rewrote the backup. */
    linesChangedElsewhere(state, action: PayloadAction<CartItem[]>) {
      if (state.pending > 0) return;
      state.lines = action.payload;
      state.confirmed = action.payload;
    },
    /** Sign-out: the lines, the cart id and the owner leave (the saga removes the backup). */
    cartReset(state) {
      return { ...initialCartState, drawerOpen: state.drawerOpen, status: 'ready' };
    },
    /** The order was paid: the server empties the cart by itself, the screen follows at once. */
    cartEmptiedAfterOrder(state) {
      state.lines = [];
      state.confirmed = [];
    },
    /** The server's cart named its sellers' bundle discounts. */
    cartBundlesLoaded(state, action: PayloadAction<Record<string, BundleTier[]>>) {
      state.bundles = action.payload;
    },
    mergeNoticesShown(state, action: PayloadAction<MergeNotice[]>) {
      state.mergeNotices = action.payload;
    },
    mergeNoticesDismissed(state) {
      state.mergeNotices = [];
    },
    dismissCartError(state) {
      state.error = null;
    },
    openDrawer(state) {
      state.drawerOpen = true;
    },
    closeDrawer(state) {
      state.drawerOpen = false;
    },
    toggleDrawer(state) {
      state.drawerOpen = !state.drawerOpen;
    },
  },
});

export const {
  addToCart,
  removeFromCart,
  updateQuantity,
  clearCart,
  commandSucceeded,
  commandFailed,
  commandRejected,
  cartLoading,
  cartLoaded,
  cartLoadFailed,
  visitorCartRestored,
  linesChangedElsewhere,
  outboxLinesShown,
  cartReset,
  cartEmptiedAfterOrder,
  dismissCartError,
  mergeNoticesShown,
  mergeNoticesDismissed,
  cartBundlesLoaded,
  openDrawer,
  closeDrawer,
  toggleDrawer,
} = cartSlice.actions;

/** Read the server's cart again (an offer accepted meanwhile prices a line differently). */
export const cartRefreshRequested = createAction('cart/refreshRequested');

export default cartSlice.reducer;

interface WithCart {
  cart: CartState;
}
export const selectCart = (state: WithCart) => state.cart;
export const selectCartLines = (state: WithCart) => state.cart.lines;
export const selectCartId = (state: WithCart) => state.cart.cartId;
/** The badge counts distinct lines (docs/product.md §9). */
export const selectCartLineCount = (state: WithCart) => state.cart.lines.length;
/** The drawer title counts units. */
export const selectCartItemCount = (state: WithCart) =>
  state.cart.lines.reduce((sum, line) => sum + line.quantity, 0);
export const selectCartSubtotal = (state: WithCart) =>
  Math.round(state.cart.lines.reduce((sum, line) => sum + line.price * line.quantity * 100, 0)) /
  100;
/**
 * The cart priced as the order will be (docs/product.md §13), with the server's own rule: the
 * lines (an offered price is already in `price`), less the sellers' bundle discounts.
 */
export const selectCartPricing = createSelector(
  [(state: WithCart) => state.cart.lines, (state: WithCart) => state.cart.bundles],
  (lines, bundles) => {
    const offers = new Map<string, HeldOffer>();
    for (const line of lines)
      if (line.offerId)
        offers.set(line.product_id, { offerId: line.offerId, amountCents: toCents(line.price)! });
    const priced = priceLines(
      lines.map((line) => ({
        productId: line.product_id,
        quantity: line.quantity,
        sellerId: line.seller_id ?? '',
        listPriceCents: toCents(line.offerId ? (line.listPrice ?? line.price) : line.price)!,
      })),
      offers,
      new Map(Object.entries(bundles)),
    );
    return {
      subtotal: toDollars(priced.subtotalCents),
      discounts: priced.discounts.map((d) => ({ ...d, amount: toDollars(d.amountCents) })),
      total: toDollars(priced.totalCents),
    };
  },
);
export const selectQuantityInCart = (productId: string) => (state: WithCart) =>
  state.cart.lines.find((line) => line.product_id === productId)?.quantity ?? 0;
export const selectDrawerOpen = (state: WithCart) => state.cart.drawerOpen;
