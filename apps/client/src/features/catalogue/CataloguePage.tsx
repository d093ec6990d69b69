import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import Pagination from '../../components/Pagination.tsx';
import ProductCard from '../product/ProductCard.tsx';
import { ProductCardSkeleton } from '../../components/Skeleton.tsx';
import { useMediaQuery } from '../../components/useMediaQuery.ts';
import {
  activeFilters,
  brandSelected,
  catalogueClosed,
  catalogueOpened,
  catalogueTitle,
  categorySelected,
  filterChanged,
  filtersReset,
  locationChanged,
  locationFromSearch,
  PAGE_SIZE,
  pageChanged,
  searchFromLocation,
  selectCatalogue,
  SORT_OPTIONS,
  sortChanged,
  viewChanged,
  type CatalogueFilters,
  type SecondaryFilter,
  type SortKey,
} from './catalogueSlice.ts';
import SaveSearchForm from '../social/SaveSearchForm.tsx';
import './catalogue.css';
import './feature.ts';

/** Keeps the filters and the address bar equal, in both directions (back and forward included). */
function useAddressBarSync() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { filters, page, urlSynced } = useAppSelector(selectCatalogue);
  const stateSearch = searchFromLocation({ filters, page });

  useEffect(() => {
    dispatch(catalogueOpened(locationFromSearch(window.location.search)));
    return () => {
      dispatch(catalogueClosed());
    };
  }, [dispatch]);

  // The address bar moved (back, forward, a link): the filters follow.
  useEffect(() => {
    if (!urlSynced) return;
    const fromUrl = locationFromSearch(location.search);
    if (searchFromLocation(fromUrl) !== stateSearch) dispatch(locationChanged(fromUrl));
    // Only a change of the address bar should run this.
  }, [location.search]);

  // The filters moved: a new history entry, so back undoes a filter.
  useEffect(() => {
    if (!urlSynced) return;
    const current = searchFromLocation(locationFromSearch(location.search));
    if (current !== stateSearch) navigate({ pathname: '/products', search: stateSearch });
  }, [stateSearch, urlSynced]);
}

function FacetList({
  title,
  allLabel,
  items,
  selected,
  onSelect,
}: {
  title: string;
  allLabel: string;
  items: Array<{ name: string; count: number }>;
  selected: string;
  onSelect: (name: string) => void;
}) {
  const [open, setOpen] = useState(true);
  const id = `facet-${title.toLowerCase()}`;
  return (
    <div className="facet">
      <button
        type="button"
        className="facet__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {title}
        <span aria-hidden="true">{open ? '−' : '+'}</span>
      </button>
      {open && (
        // Empty until the counts arrive: the list keeps the room the full list takes.
        <ul
          className={items.length === 0 ? 'facet__list facet__list--loading' : 'facet__list'}
          id={id}
        >
          <li>
            <button
              type="button"
              className={selected === '' ? 'facet__item is-selected' : 'facet__item'}
              aria-pressed={selected === ''}
              onClick={() => onSelect('')}
            >
              {allLabel}
            </button>
          </li>
          {items.map((item) => (
            <li key={item.name}>
              <button
                type="button"
                className={selected === item.name ? 'facet__item is-selected' : 'facet__item'}
                aria-pressed={selected === item.name}
                onClick={() => onSelect(item.name)}
              >
                <span>{item.name}</span>
                <span className="facet__count">{item.count}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const SECONDARY: Array<{
  key: 'size' | 'color' | 'condition';
  label: string;
  options: 'sizes' | 'colors' | 'conditions';
}> = [
  { key: 'size', label: 'Size', options: 'sizes' },
  { key: 'color', label: 'Color', options: 'colors' },
  { key: 'condition', label: 'Condition', options: 'conditions' },
];

export default function CataloguePage() {
  useAddressBarSync();
  const dispatch = useAppDispatch();
  const catalogue = useAppSelector(selectCatalogue);
  const { filters, page, status, products, total, view, filterOptions } = catalogue;
  const mobile = useMediaQuery('(max-width: 767px)');
  // Cards in the first screenful load at once, the rest as they scroll near (one column on phones).
  const aboveTheFold = mobile ? 1 : 4;
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const totalPages = Math.ceil(total / PAGE_SIZE);
  const chips = activeFilters(filters);
  const title = catalogueTitle(filters);
  const loading = status === 'loading' || status === 'idle';
  // Until the filter options arrive, their row keeps its room (they nearly always exist).
  const optionsKnown = SECONDARY.some((f) => filterOptions[f.options].length > 0);
  const clearChip = (key: keyof CatalogueFilters) => {
    if (key === 'category') dispatch(categorySelected(''));
    else if (key === 'brand') dispatch(brandSelected(''));
    else if (key !== 'sort') dispatch(filterChanged({ key, value: '' }));
  };

  return (
    <div className="catalogue">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/">Home</Link>
        <span aria-hidden="true">›</span>
        {filters.category ? (
          <Link to="/products">Products</Link>
        ) : (
          <span aria-current="page">Products</span>
        )}
        {filters.category && (
          <>
            <span aria-hidden="true">›</span>
            <span aria-current="page">{filters.category}</span>
          </>
        )}
      </nav>

      <div className="catalogue__head">
        <div>
          <h1>{title}</h1>
          <p className="muted">{loading ? 'Loading...' : `${total} products available`}</p>
          <SaveSearchForm />
        </div>
        <div className="catalogue__tools">
          <label className="select-label">
            Sort by
            <select
              value={filters.sort}
              onChange={(event) => dispatch(sortChanged(event.target.value as SortKey))}
            >
              {filters.sort === 'popular' && <option value="popular">Most popular</option>}
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <div className="view-toggle" role="group" aria-label="View">
            <button
              type="button"
              aria-pressed={view === 'grid'}
              onClick={() => dispatch(viewChanged('grid'))}
            >
              Grid
            </button>
            <button
              type="button"
              aria-pressed={view === 'list'}
              onClick={() => dispatch(viewChanged('list'))}
            >
              List
            </button>
          </div>
        </div>
      </div>

      <div className="catalogue__body">
        <aside className="catalogue__sidebar" aria-label="Filters">
          {mobile && (
            <button
              type="button"
              className="button button--secondary button--block"
              aria-expanded={sidebarOpen}
              onClick={() => setSidebarOpen(!sidebarOpen)}
            >
              {sidebarOpen ? 'Hide filters' : 'Show filters'}
            </button>
          )}
          {(!mobile || sidebarOpen) && (
            <div className="catalogue__facets">
              <div className="catalogue__facets-head">
                <h2>Filters</h2>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => dispatch(filtersReset())}
                >
                  Clear
                </button>
              </div>
              <FacetList
                title="Categories"
                allLabel="All Categories"
                items={catalogue.categories.map((c) => ({
                  name: c.category_name,
                  count: c.product_count,
                }))}
                selected={filters.category}
                onSelect={(name) => dispatch(categorySelected(name))}
              />
              <FacetList
                title="Brands"
                allLabel="All Brands"
                items={catalogue.brands.map((b) => ({
                  name: b.brand_name,
                  count: b.product_count,
                }))}
                selected={filters.brand}
                onSelect={(name) => dispatch(brandSelected(name))}
              />
              <fieldset className="price-filter">
                <legend>Price</legend>
                <label>
                  Min Price
                  <input
                    type="number"
                    min={0}
                    step="0.01"
                    inputMode="decimal"
                    placeholder={String(catalogue.priceRange.minPrice)}
                    value={filters.minPrice}
                    onChange={(event) =>
                      dispatch(filterChanged({ key: 'minPrice', value: event.target.value }))
                    }
                  />
                </label>
                <label>
                  Max Price
                  <input
                    type="number"
                    min={0}
                    step="0.01"
                    inputMode="decimal"
                    placeholder={String(catalogue.priceRange.maxPrice)}
                    value={filters.maxPrice}
                    onChange={(event) =>
                      dispatch(filterChanged({ key: 'maxPrice', value: event.target.value }))
                    }
                  />
                </label>
              </fieldset>
            </div>
          )}
        </aside>

        <section className="catalogue__results" aria-labelledby="catalogue-results-title">
          <h2 className="visually-hidden" id="catalogue-results-title">
            Products
          </h2>
          <div className="secondary-filters">
            {!optionsKnown &&
              loading &&
              SECONDARY.map((f) => (
                <div key={f.key} className="select-label" aria-hidden="true">
                  {f.label}
                  <span className="select-placeholder skeleton" />
                </div>
              ))}
            {SECONDARY.filter((f) => filterOptions[f.options].length > 0).map((f) => (
              <label key={f.key} className="select-label">
                {f.label}
                <select
                  value={filters[f.key]}
                  onChange={(event) =>
                    dispatch(
                      filterChanged({ key: f.key as SecondaryFilter, value: event.target.value }),
                    )
                  }
                >
                  <option value="">All</option>
                  {filterOptions[f.options].map((option) => (
                    <option key={option.name} value={option.name}>
                      {option.name} ({option.count})
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>

          <div className="active-filters">
            {chips.length === 0 ? (
              <p className="muted">No filters applied</p>
            ) : (
              <>
                <span className="active-filters__title">Active Filters ({chips.length})</span>
                <ul>
                  {chips.map((chip) => (
                    <li key={chip.key} className="chip">
                      {chip.label}
                      <button
                        type="button"
                        aria-label={`Clear ${chip.label}`}
                        onClick={() => clearChip(chip.key)}
                      >
                        ×
                      </button>
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => dispatch(filtersReset())}
                >
                  Clear All
                </button>
              </>
            )}
          </div>

          {loading ? (
            // Its own key: the results replace it rather than reuse its boxes.
            <div role="status" key="placeholder">
              <span className="visually-hidden">Loading products...</span>
              <div className={view === 'grid' ? 'product-grid' : 'product-list'} aria-hidden="true">
                {Array.from({ length: view === 'grid' ? 8 : 4 }, (_, index) =>
                  view === 'grid' ? (
                    <ProductCardSkeleton key={index} />
                  ) : (
                    <div key={index} className="product-row product-row--skeleton skeleton" />
                  ),
                )}
              </div>
            </div>
          ) : status === 'error' ? (
            <div className="state-message" role="alert">
              <h2>Something went wrong</h2>
              <p>{catalogue.error}</p>
            </div>
          ) : products.length === 0 ? (
            <div className="state-message">
              <h2>No products found</h2>
              <p>Try adjusting your filters to see more results.</p>
              <button
                type="button"
                className="button button--primary"
                onClick={() => dispatch(filtersReset())}
              >
                Reset Filters
              </button>
            </div>
          ) : (
            <div className={view === 'grid' ? 'product-grid' : 'product-list'} key="results">
              {products.map((product, index) => (
                <ProductCard
                  key={product.product_id}
                  product={product}
                  variant={view}
                  eager={index < aboveTheFold}
                />
              ))}
            </div>
          )}
          <Pagination
            page={page}
            totalPages={totalPages}
            onChange={(next) => dispatch(pageChanged(next))}
          />
        </section>
      </div>
    </div>
  );
}
