export function* wishlistSaga() {}
