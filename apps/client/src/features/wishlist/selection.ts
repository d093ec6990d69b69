/** The wishlist page's selection: product ids, kept to the items still on the list. */
export function toggled(selected: readonly string[], productId: string): string[] {
  return selected.includes(productId)
    ? selected.filter((id) => id !== productId)
    : [...selected, productId];
}

/** The selected ids still saved, in the list's order (an item removed elsewhere leaves it). */
export function stillSaved(
  selected: readonly string[],
  items: ReadonlyArray<{ product_id: string }>,
): string[] {
  return items.map((item) => item.product_id).filter((id) => selected.includes(id));
}

/** 'Select all' checks everything; when everything is checked it clears the selection. */
export function allOrNone(
  selected: readonly string[],
  items: ReadonlyArray<{ product_id: string }>,
): string[] {
  return stillSaved(selected, items).length === items.length
    ? []
    : items.map((item) => item.product_id);
}
