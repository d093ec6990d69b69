import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { api } from '../api/http.ts';
import type { OutboxLoader } from '../api/command.ts';
import { loadFirebaseAuthService } from '../features/auth/authService.ts';
import { localSessionHint, whenEngagedOrIdle } from '../features/auth/sessionHint.ts';
import auth from '../features/auth/authSlice.ts';
import cart from '../features/cart/cartSlice.ts';
import wishlist from '../features/wishlist/wishlistSlice.ts';
import home from '../features/home/homeSlice.ts';
import search from '../features/search/searchSlice.ts';
import newsletter from '../features/newsletter/newsletterSlice.ts';
import notifications from '../features/notifications/notificationsSlice.ts';
import social from '../features/social/socialSlice.ts';
import outbox from '../features/outbox/outboxSlice.ts';
import type { CatalogueState } from '../features/catalogue/catalogueSlice.ts';
import type { ProductState } from '../features/product/productSlice.ts';
import type { CheckoutState } from '../features/checkout/checkoutSlice.ts';
import type { OrdersState } from '../features/orders/ordersSlice.ts';
import type { ListingsState } from '../features/listings/listingsSlice.ts';
import type { ShipmentsState } from '../features/shipments/shipmentsSlice.ts';
import type { ReviewsState } from '../features/reviews/reviewsSlice.ts';
import type { MessagesState } from '../features/messages/messagesSlice.ts';
import type { HolidayState } from '../features/holiday/holidaySlice.ts';
import { featureLoaded, hostFeatures, type LazyFeature } from './lazyFeatures.ts';
import { rootSaga } from './rootSaga.ts';

/**
 * State every page may read: the shell (sign-in, cart, wishlist, search box, notifications' bell)
 * and the home page.
 */
export const staticReducers = {
  auth,
  cart,
  wishlist,
  home,
  search,
  newsletter,
  notifications,
  social,
  outbox,
};

/** State that arrives with its route's code (see lazyFeatures.ts). */
export interface LazyLoadedSlices {
  catalogue: CatalogueState;
  product: ProductState;
  checkout: CheckoutState;
  orders: OrdersState;
  listings: ListingsState;
  shipments: ShipmentsState;
  reviews: ReviewsState;
  messages: MessagesState;
  holiday: HolidayState;
}

export const rootReducer = combineSlices(staticReducers).withLazyLoadedSlices<LazyLoadedSlices>();

const IDENTITY_SDK_FALLBACK_MS = 10_000;

/**
 * Every saga reads its collaborators from the context (`getContext('api')`,
 * `getContext('loadAuthService')`, ...), so tests run the same sagas with fakes.
 */
export const sagaContext = {
  api,
  loadAuthService: loadFirebaseAuthService,
  sessionHint: localSessionHint,
  // Commands of a signed-in user's actions kept until answered: the outbox and its code load at
  // the first sign-in (null without IndexedDB).
  outbox: (() =>
    import('../features/outbox/engine.ts').then((engine) =>
      engine.browserOutbox(),
    )) as OutboxLoader | null,
  // A visitor's identity SDK (about 29 KB gzipped, plus the provider's own script) waits for the
  // visitor's first interaction, or 10 s after the load, so it never competes with the first screen.
  // Opening a sign-in form loads it at once (auth saga).
  whenIdle: () => whenEngagedOrIdle(IDENTITY_SDK_FALLBACK_MS),
};

export function createAppStore(context: typeof sagaContext = sagaContext) {
  const sagaMiddleware = createSagaMiddleware({ context });
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({
        thunk: false,
        // Chosen photo files travel to the upload saga in `meta.files`, never into the state.
        serializableCheck: { ignoredActionPaths: ['meta.arg', 'meta.baseQueryMeta', 'meta.files'] },
      }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  const loaded = new Set<string>();
  hostFeatures((feature: LazyFeature) => {
    if (loaded.has(feature.name)) return;
    loaded.add(feature.name);
    rootReducer.inject({ reducerPath: feature.name, reducer: feature.reducer } as Parameters<
      typeof rootReducer.inject
    >[0]);
    store.dispatch(featureLoaded(feature.name));
    sagaMiddleware.run(feature.saga);
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
/** Lazy slices are declared present: only code that arrives with them reads them. */
export type RootState = ReturnType<AppStore['getState']> & LazyLoadedSlices;
export type AppDispatch = AppStore['dispatch'];
