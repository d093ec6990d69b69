export function* productSaga() {}
