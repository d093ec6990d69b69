export function* cartSaga() {}
