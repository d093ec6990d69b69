import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { Api } from '../../api/http.ts';
import catalogue, {
  brandSelected,
  catalogueOpened,
  catalogueTitle,
  categorySelected,
  emptyFilters,
  filterChanged,
  locationChanged,
  locationFromSearch,
  pageChanged,
  paginationItems,
  searchFromLocation,
  sortChanged,
} from './catalogueSlice.ts';
import { catalogueSaga } from './catalogueSaga.ts';
import { productsQuery } from './api.ts';

afterEach(() => vi.useRealTimers());

describe('address bar and API query', () => {
  it('reads category, brand, sort and the other filters, and writes back only what is set', () => {
    const location = locationFromSearch(
      '?category=Shoes&brand=Nike&sort=price_low&size=&page=3&bogus=1',
    );
    expect(location).toEqual({
      filters: { ...emptyFilters, category: 'Shoes', brand: 'Nike', sort: 'price_low' },
      page: 3,
    });
    expect(searchFromLocation(location)).toBe('?category=Shoes&brand=Nike&sort=price_low&page=3');
    expect(searchFromLocation(locationFromSearch(''))).toBe('');
    expect(locationFromSearch('?sort=sideways&page=-2')).toEqual({
      filters: emptyFilters,
      page: 1,
    });
  });

  it('asks the server for one page of 20, mapping the sort choices', () => {
    const filters = { ...emptyFilters, category: 'Tops', minPrice: '10' };
    expect(productsQuery({ filters, page: 2 })).toBe(
      '/api/products/filter?category=Tops&minPrice=10&page=2&pageSize=20',
    );
    expect(productsQuery({ filters: { ...emptyFilters, sort: 'name_desc' }, page: 1 })).toBe(
      '/api/products/filter?sortBy=title&sortOrder=DESC&page=1&pageSize=20',
    );
    expect(productsQuery({ filters: { ...emptyFilters, sort: 'popular' }, page: 1 })).toContain(
      'sort=popular',
    );
  });

  it('titles the page by brand and category', () => {
    expect(catalogueTitle({ brand: 'Nike', category: 'Shoes' })).toBe('Nike Shoes');
    expect(catalogueTitle({ brand: '', category: 'Shoes' })).toBe('Shoes');
    expect(catalogueTitle({ brand: 'Nike', category: '' })).toBe('Nike Products');
    expect(catalogueTitle({ brand: '', category: '' })).toBe('All Products');
  });

  it('shows 3 pages at each end and 2 either side of the current page', () => {
    expect(paginationItems(10, 20)).toEqual([1, 2, 3, 'gap', 8, 9, 10, 11, 12, 'gap', 18, 19, 20]);
    expect(paginationItems(1, 4)).toEqual([1, 2, 3, 4]);
  });
});

describe('filter transitions', () => {
  it('resets the brand and page on a category, and the page on brand, filters and sort', () => {
    let state = catalogue(
      undefined,
      catalogueOpened(locationFromSearch('?brand=Nike&category=Tops&page=4')),
    );
    state = catalogue(state, categorySelected('Shoes'));
    expect(state.filters).toMatchObject({ category: 'Shoes', brand: '' });
    expect(state.page).toBe(1);
    for (const action of [
      brandSelected('Zara'),
      filterChanged({ key: 'color', value: 'red' }),
      sortChanged('newest'),
    ]) {
      state = catalogue({ ...state, page: 5 }, action);
      expect(state.page).toBe(1);
    }
    expect(state.filters).toMatchObject({ brand: 'Zara', color: 'red', sort: 'newest' });
    // Back button: the filters become exactly what the address says.
    state = catalogue(state, locationChanged(locationFromSearch('?category=Shoes')));
    expect(state.filters).toEqual({ ...emptyFilters, category: 'Shoes' });
  });
});

describe('catalogue saga', () => {
  it('loads products once, 300 ms after the last change', async () => {
    vi.useFakeTimers();
    const get = vi.fn(async (path: string) =>
      path.startsWith('/api/products/filter?')
        ? { products: [], total: 41, page: 1, pageSize: 20 }
        : [],
    );
    const sagaMiddleware = createSagaMiddleware({ context: { api: { get } as unknown as Api } });
    const store = configureStore({
      reducer: { catalogue },
      middleware: (g) => g({ thunk: false }).concat(sagaMiddleware),
    });
    const task = sagaMiddleware.run(catalogueSaga);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const productCalls = () =>
      get.mock.calls.filter(([path]) => path.startsWith('/api/products/filter?'));

    store.dispatch(catalogueOpened(locationFromSearch('?category=Tops')));
    await vi.advanceTimersByTimeAsync(100);
    store.dispatch(filterChanged({ key: 'size', value: 'XS' }));
    await vi.advanceTimersByTimeAsync(200);
    store.dispatch(pageChanged(2));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    await vi.advanceTimersByTimeAsync(299);
    expect(productCalls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(productCalls().map(([path]) => path)).toEqual([
      '/api/products/filter?category=Tops&size=XS&page=2&pageSize=20',
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().catalogue).toMatchObject({ total: 41, status: 'ready' });
    // Brands follow the category; facets were asked for at open.
    expect(get.mock.calls.map(([path]) => path)).toContain(
      '/api/brands/brands-with-count?category=Tops',
    );
    expect(get.mock.calls.map(([path]) => path)).toContain('/api/products/categories-with-count');
    task.cancel();
  });

  it('empties the list and zeroes the total when loading fails', async () => {
    vi.useFakeTimers();
    const get = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const sagaMiddleware = createSagaMiddleware({ context: { api: { get } as unknown as Api } });
    const store = configureStore({
      reducer: { catalogue },
      middleware: (g) => g({ thunk: false }).concat(sagaMiddleware),
    });
    const task = sagaMiddleware.run(catalogueSaga);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    store.dispatch(catalogueOpened(locationFromSearch('')));
    await vi.advanceTimersByTimeAsync(300);
    expect(store.getState().catalogue).toMatchObject({
      products: [],
      total: 0,
      status: 'error',
      error: 'Failed to fetch filtered products',
    });
    task.cancel();
  });
});
