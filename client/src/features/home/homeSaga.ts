export function* homeSaga() {}
