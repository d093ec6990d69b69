import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import Pagination from '../../components/Pagination.tsx';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import ProductCard from '../product/ProductCard.tsx';
import { ProductCardSkeleton } from '../../components/Skeleton.tsx';
import { useMediaQuery } from '../../components/useMediaQuery.ts';
import SaveSearchForm from '../social/SaveSearchForm.tsx';
import { searchPageFrom, searchRequested, selectSearch } from './searchSlice.ts';

export default function SearchResultsPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = searchPageFrom(params.get('page'));
  const dispatch = useAppDispatch();
  const search = useAppSelector(selectSearch);
  const { results, resultStatus, query, total, pageSize } = search;
  const current = query === q && search.page === page;
  // Cards in the first screenful load at once, the rest as they scroll near (one column on phones).
  const aboveTheFold = useMediaQuery('(max-width: 767px)') ? 1 : 4;

  useEffect(() => {
    dispatch(searchRequested({ query: q, page }));
  }, [dispatch, q, page]);

  // A new history entry per page, as in the catalogue, so back returns to the previous page.
  const goToPage = (next: number) => {
    setParams(next > 1 ? { q, page: String(next) } : { q });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  if (!current || resultStatus === 'loading' || resultStatus === 'idle') {
    // The results' own boxes (the count line, then cards), replaced rather than reused on arrival.
    return (
      <div className="search-results" key="placeholder">
        <h1>Searching for "{q}"...</h1>
        <p className="muted" aria-hidden="true">
          <span className="skeleton-text skeleton" style={{ width: '9rem' }} />
        </p>
        <div className="product-grid" aria-hidden="true">
          {Array.from({ length: 8 }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </div>
      </div>
    );
  }
  if (resultStatus === 'error') {
    return (
      <div className="state-message" role="alert">
        <p>Failed to load search results. Please try again.</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          Try Again
        </button>
      </div>
    );
  }
  if (results.length === 0 && total > 0) {
    // A page past the last one (an old link): the results are still there, on page 1.
    return (
      <div className="state-message">
        <h1>Search results for "{q}"</h1>
        <p>
          There is no page {page}: the search found {total} products.
        </p>
        <button type="button" className="button button--primary" onClick={() => goToPage(1)}>
          Back to the first page
        </button>
      </div>
    );
  }
  if (results.length === 0) {
    return (
      <div className="state-message">
        <h1>No products found</h1>
        <p>We couldn't find any products that match your search.</p>
        <SaveSearchForm />
        <Link className="button button--primary" to="/products">
          Browse All Products
        </Link>
      </div>
    );
  }
  const totalPages = Math.ceil(total / pageSize);
  const first = (page - 1) * pageSize + 1;
  return (
    <div className="search-results" key="results">
      <h1>Search results for "{q}"</h1>
      <SaveSearchForm />
      <p className="muted">
        <span>
          Found {total} {total === 1 ? 'product' : 'products'}
        </span>
        {totalPages > 1 && (
          <span>
            {' '}
            · showing {first}–{first + results.length - 1}, page {page} of {totalPages}
          </span>
        )}
      </p>
      <h2 className="visually-hidden">Products</h2>
      <div className="product-grid">
        {results.map((product, index) => (
          <ProductCard key={product.product_id} product={product} eager={index < aboveTheFold} />
        ))}
      </div>
      <Pagination page={page} totalPages={totalPages} onChange={goToPage} />
    </div>
  );
}
