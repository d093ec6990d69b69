export function* ordersSaga() {
  // Side effects of this feature are added here.
}
