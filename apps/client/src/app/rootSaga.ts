import { all, fork } from 'redux-saga/effects';
import { authSaga } from '../features/auth/authSaga.ts';
import { cartSaga } from '../features/cart/cartSaga.ts';
import { wishlistSaga } from '../features/wishlist/wishlistSaga.ts';
import { homeSaga } from '../features/home/homeSaga.ts';
import { searchSaga } from '../features/search/searchSaga.ts';
import { newsletterSaga } from '../features/newsletter/newsletterSaga.ts';
import { notificationsSaga } from '../features/notifications/notificationsSaga.ts';
import { socialSaga } from '../features/social/socialSaga.ts';
import { outboxSaga } from '../features/outbox/outboxSaga.ts';
import { liveNotificationsSaga } from '../features/notifications/liveNotificationsSaga.ts';

export function* rootSaga() {
  // Sagas of routes' own features start with their code (lazyFeatures.ts).
  // Feature sagas start before the auth saga so they see its first session actions.
  yield all([
    fork(cartSaga),
    fork(wishlistSaga),
    fork(homeSaga),
    fork(searchSaga),
    fork(newsletterSaga),
    fork(notificationsSaga),
    fork(socialSaga),
    fork(liveNotificationsSaga),
    fork(outboxSaga),
    fork(authSaga),
  ]);
}
