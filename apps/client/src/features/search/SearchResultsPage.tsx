import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import ProductCard from '../../components/ProductCard.tsx';
import { ProductCardSkeleton } from '../../components/Skeleton.tsx';
import { useMediaQuery } from '../../components/useMediaQuery.ts';
import { searchRequested, selectSearch } from './searchSlice.ts';

export default function SearchResultsPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const dispatch = useAppDispatch();
  const { results, resultStatus, query } = useAppSelector(selectSearch);
  const current = query === q;
  // Cards in the first screenful load at once, the rest as they scroll near (one column on phones).
  const aboveTheFold = useMediaQuery('(max-width: 767px)') ? 1 : 4;

  useEffect(() => {
    dispatch(searchRequested(q));
  }, [dispatch, q]);

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
  if (results.length === 0) {
    return (
      <div className="state-message">
        <h1>No products found</h1>
        <p>We couldn't find any products that match your search.</p>
        <Link className="button button--primary" to="/products">
          Browse All Products
        </Link>
      </div>
    );
  }
  return (
    <div className="search-results" key="results">
      <h1>Search results for "{q}"</h1>
      <p className="muted">Found {results.length} products</p>
      <h2 className="visually-hidden">Products</h2>
      <div className="product-grid">
        {results.map((product, index) => (
          <ProductCard key={product.product_id} product={product} eager={index < aboveTheFold} />
        ))}
      </div>
    </div>
  );
}
