export function* catalogueSaga() {}
