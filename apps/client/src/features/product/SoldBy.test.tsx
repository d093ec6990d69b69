import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import SoldBy from './SoldBy.tsx';

afterEach(cleanup);

const soldBy = (rating?: { average: number; count: number }) =>
  render(
    <MemoryRouter>
      <SoldBy sellerId="u1" sellerName="Mia Moore" rating={rating} />
    </MemoryRouter>,
  ).container.querySelector('p')!;

describe("the product page's seller line (docs/product.md §2.7)", () => {
  it("keeps the seller's name and the rating apart", () => {
    expect(soldBy({ average: 0, count: 0 }).textContent).toBe('Sold by Mia Moore · No reviews yet');
    expect(soldBy({ average: 4.5, count: 2 }).textContent).toMatch(
      /^Sold by Mia Moore · ★+4\.5\(2 reviews\)$/,
    );
    expect(screen.getAllByRole('link', { name: 'Mia Moore' })[0]!.getAttribute('href')).toBe(
      '/sellers/u1',
    );
  });

  it('says only who sells it while the rating is not known', () => {
    expect(soldBy().textContent).toBe('Sold by Mia Moore');
  });
});
