export function* searchSaga() {}
