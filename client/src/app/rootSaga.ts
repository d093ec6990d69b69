import { all, fork } from 'redux-saga/effects';
import { authSaga } from '../features/auth/authSaga.ts';
import { cartSaga } from '../features/cart/cartSaga.ts';
import { wishlistSaga } from '../features/wishlist/wishlistSaga.ts';
import { catalogueSaga } from '../features/catalogue/catalogueSaga.ts';
import { productSaga } from '../features/product/productSaga.ts';
import { homeSaga } from '../features/home/homeSaga.ts';
import { searchSaga } from '../features/search/searchSaga.ts';
import { newsletterSaga } from '../features/newsletter/newsletterSaga.ts';
import { checkoutSaga } from '../features/checkout/checkoutSaga.ts';
import { ordersSaga } from '../features/orders/ordersSaga.ts';
import { listingsSaga } from '../features/listings/listingsSaga.ts';

export function* rootSaga() {
  // Feature sagas start before the auth saga so they see its first session actions.
  yield all([
    fork(cartSaga),
    fork(wishlistSaga),
    fork(catalogueSaga),
    fork(productSaga),
    fork(homeSaga),
    fork(searchSaga),
    fork(newsletterSaga),
    fork(checkoutSaga),
    fork(ordersSaga),
    fork(listingsSaga),
    fork(authSaga),
  ]);
}
