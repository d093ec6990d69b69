export function* checkoutSaga() {
  // Side effects of this feature are added here.
}
