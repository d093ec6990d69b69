/** Which page buttons a pager shows (the catalogue and the search results). */
export type PaginationItem = number | 'gap';

/** Pages to show: 3 at each end and 2 either side of the current one (docs/product.md §9). */
export function paginationItems(
  current: number,
  totalPages: number,
  margin = 3,
  around = 2,
): PaginationItem[] {
  const items: PaginationItem[] = [];
  for (let page = 1; page <= totalPages; page += 1) {
    const shown =
      page <= margin || page > totalPages - margin || Math.abs(page - current) <= around;
    if (shown) items.push(page);
    else if (items.at(-1) !== 'gap') items.push('gap');
  }
  return items;
}
