export function* listingsSaga() {
  // Side effects of this feature are added here.
}
