/** Search results are paged like the catalogue, under the number of all matches (docs/product.md §2.19). */
import type { FilteredProducts } from '@rewear/contracts';
import { expect, test } from './support/test.ts';

test('search results are paged under the true total, and back returns to the previous page', async ({
  page,
  request,
}) => {
  // A word the seed uses often: more than one page of matches.
  let word = '';
  let total = 0;
  for (const candidate of ['dress', 'top', 'jacket', 'vintage', 'shirt']) {
    const answer = await request.get(`/api/search/results?query=${candidate}`);
    const body = (await answer.json()) as FilteredProducts;
    if (body.total > 20) {
      [word, total] = [candidate, body.total];
      break;
    }
  }
  expect(word, 'a seeded word with more than 20 matches').not.toBe('');
  const pages = Math.ceil(total / 20);

  await page.goto(`/search?q=${word}`);
  await expect(page.getByText(`Found ${total} products`, { exact: true })).toBeVisible();
  await expect(page.getByText(`page 1 of ${pages}`)).toBeVisible();
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(20);
  // Product ids, from the cards' links (titles may repeat across listings).
  const shownIds = () =>
    cards
      .locator('a[href^="/products/"]')
      .evaluateAll((links) => [
        ...new Set(links.map((link) => link.getAttribute('href')!.split('/').pop()!)),
      ]);
  const firstPage = await shownIds();
  expect(firstPage).toHaveLength(20);

  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager.getByRole('button', { name: '← Previous' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Next →' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&page=2$`));
  await expect(page.getByText(`page 2 of ${pages}`)).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(cards).toHaveCount(Math.min(20, total - 20));
  const secondPage = await shownIds();
  expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  await expect(page.getByText(`page 1 of ${pages}`)).toBeVisible();
  await expect(cards).toHaveCount(20);
  expect(await shownIds()).toEqual(firstPage);
});
