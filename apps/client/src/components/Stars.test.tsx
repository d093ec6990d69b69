import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { SellerRatingLine } from './Stars.tsx';

afterEach(cleanup);

describe("a product card's seller rating", () => {
  it('reads out the average and the number of reviews', () => {
    render(<SellerRatingLine rating={{ average: 4.5, count: 2 }} />);
    expect(screen.getByRole('img', { name: 'Seller rated 4.5 out of 5 (2 reviews)' })).toBeTruthy();
  });

  it('says "review" for one', () => {
    render(<SellerRatingLine rating={{ average: 5, count: 1 }} />);
    expect(screen.getByRole('img', { name: 'Seller rated 5.0 out of 5 (1 review)' })).toBeTruthy();
  });

  it('shows nothing while the seller has no reviews, or when the rating is not known', () => {
    const { container } = render(
      <>
        <SellerRatingLine rating={{ average: 0, count: 0 }} />
        <SellerRatingLine rating={undefined} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});
