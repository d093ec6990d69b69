import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { api } from '../api/http.ts';
import { loadFirebaseAuthService } from '../features/auth/authService.ts';
import auth from '../features/auth/authSlice.ts';
import cart from '../features/cart/cartSlice.ts';
import wishlist from '../features/wishlist/wishlistSlice.ts';
import catalogue from '../features/catalogue/catalogueSlice.ts';
import product from '../features/product/productSlice.ts';
import home from '../features/home/homeSlice.ts';
import search from '../features/search/searchSlice.ts';
import newsletter from '../features/newsletter/newsletterSlice.ts';
import checkout from '../features/checkout/checkoutSlice.ts';
import orders from '../features/orders/ordersSlice.ts';
import listings from '../features/listings/listingsSlice.ts';
import { rootSaga } from './rootSaga.ts';

export const reducer = {
  auth,
  cart,
  wishlist,
  catalogue,
  product,
  home,
  search,
  newsletter,
  checkout,
  orders,
  listings,
};

/**
 * Every saga reads its collaborators from the context (`getContext('api')`,
 * `getContext('loadAuthService')`), so tests run the same sagas with fakes.
 */
export const sagaContext = { api, loadAuthService: loadFirebaseAuthService };

export function createAppStore() {
  const sagaMiddleware = createSagaMiddleware({ context: sagaContext });
  const store = configureStore({
    reducer,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
