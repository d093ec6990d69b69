/**
 * The suggestion an arrow key makes active: ArrowDown from none goes to the first, ArrowUp from
 * none to the last, and both wrap around (WAI-ARIA APG combobox with a listbox popup).
 */
export function nextActiveIndex(current: number, count: number, step: 1 | -1): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}
