import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { configureStore } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Product } from '@rewear/contracts';
import search, { suggestionsLoaded } from './searchSlice.ts';
import SearchBox from './SearchBox.tsx';
import { nextActiveIndex } from './suggestionNavigation.ts';

afterEach(cleanup);

const product = (id: string, title: string) =>
  ({
    product_id: id,
    title,
    brand_name: 'Adidas',
    category_name: 'Shoes',
    price: 10,
    image: '/images/x.jpg',
  }) as unknown as Product;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderBox() {
  const store = configureStore({ reducer: { search }, middleware: (g) => g({ thunk: false }) });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/']}>
        <SearchBox />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  const box = screen.getByRole('combobox', { name: 'Search products' });
  const typeAndSuggest = (text: string, products: Product[]) => {
    fireEvent.change(box, { target: { value: text } });
    act(() => {
      store.dispatch(suggestionsLoaded({ text, products }));
    });
  };
  return { box, typeAndSuggest };
}

describe('nextActiveIndex', () => {
  it('enters the list at either end and wraps around', () => {
    expect(nextActiveIndex(-1, 3, 1)).toBe(0);
    expect(nextActiveIndex(-1, 3, -1)).toBe(2);
    expect(nextActiveIndex(2, 3, 1)).toBe(0);
    expect(nextActiveIndex(0, 3, -1)).toBe(2);
    expect(nextActiveIndex(0, 0, 1)).toBe(-1);
  });
});

describe('search box combobox', () => {
  it('is collapsed without suggestions and controls the listbox once they arrive', () => {
    const { box, typeAndSuggest } = renderBox();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.hasAttribute('aria-controls')).toBe(false);

    typeAndSuggest('adidas', [product('p1', 'Samba'), product('p2', 'Gazelle')]);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'Product Suggestions' });
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('moves the active suggestion with the arrow keys and opens it with Enter', () => {
    const { box, typeAndSuggest } = renderBox();
    typeAndSuggest('adidas', [product('p1', 'Samba'), product('p2', 'Gazelle')]);
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const [first, second] = screen.getAllByRole('option');
    expect(box.getAttribute('aria-activedescendant')).toBe(second!.id);
    expect(second!.getAttribute('aria-selected')).toBe('true');
    expect(first!.getAttribute('aria-selected')).toBe('false');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(first!.id);

    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/products/p1');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with Escape, then clears the text with a second Escape', () => {
    const { box, typeAndSuggest } = renderBox();
    typeAndSuggest('adidas', [product('p1', 'Samba')]);
    fireEvent.keyDown(box, { key: 'ArrowDown' });

    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('adidas');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('submits the text to the results page when no suggestion is active', () => {
    const { box, typeAndSuggest } = renderBox();
    typeAndSuggest('adidas', [product('p1', 'Samba')]);
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByTestId('where').textContent).toBe('/search?q=adidas');
  });

  it('shows the popup again when the same text is typed after a suggestion was opened', () => {
    const { box, typeAndSuggest } = renderBox();
    typeAndSuggest('adidas', [product('p1', 'Samba')]);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.input(box, { target: { value: 'adidas' } });
    expect(box.getAttribute('aria-expanded')).toBe('true');
  });

  it('opens a suggestion with a click', () => {
    const { typeAndSuggest } = renderBox();
    typeAndSuggest('adidas', [product('p1', 'Samba'), product('p2', 'Gazelle')]);
    fireEvent.click(screen.getByRole('option', { name: /Gazelle/ }));
    expect(screen.getByTestId('where').textContent).toBe('/products/p2');
  });
});
