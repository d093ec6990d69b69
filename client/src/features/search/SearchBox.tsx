import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatPrice } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { MIN_SEARCH_LENGTH, searchCleared, searchTextChanged, selectSearch } from './searchSlice.ts';

export default function SearchBox() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { text, suggestions, suggestionStatus } = useAppSelector(selectSearch);
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLFormElement>(null);
  const listId = useId();
  const trimmed = text.trim();

  useEffect(() => {
    const onPointerDown = (event: MouseEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, []);

  const goToResults = () => {
    if (!trimmed) return;
    setOpen(false);
    navigate(`/search?q=${encodeURIComponent(trimmed)}`);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    goToResults();
  };

  const showDropdown = open && text.length > 0;

  return (
    <form role="search" className="search-box" ref={container} onSubmit={onSubmit}>
      <div className="search-box__field">
        <input
          type="search"
          aria-label="Search products"
          placeholder="Search for products, brands, categories..."
          value={text}
          autoComplete="off"
          aria-controls={listId}
          aria-expanded={showDropdown}
          onChange={(event) => {
            dispatch(searchTextChanged(event.target.value));
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
        />
        {text && (
          <button
            type="button"
            className="search-box__clear"
            aria-label="Clear search"
            onClick={() => {
              dispatch(searchCleared());
              setOpen(false);
            }}
          >
            ×
          </button>
        )}
        <button type="submit" className="button button--primary search-box__submit" disabled={!trimmed}>
          Search
        </button>
      </div>
      {showDropdown && (
        <div className="search-box__dropdown" id={listId} aria-live="polite">
          {trimmed.length < MIN_SEARCH_LENGTH ? (
            <p className="search-box__hint">Type at least 2 characters to search</p>
          ) : (
            <>
              {suggestionStatus === 'loading' && <div className="search-box__overlay">Searching...</div>}
              {suggestionStatus === 'ready' && suggestions.length === 0 ? (
                <div className="search-box__empty">
                  <p>No products found for "{trimmed}"</p>
                  <p>Try using different keywords or browse our categories</p>
                </div>
              ) : (
                suggestions.length > 0 && (
                  <>
                    <h2 className="search-box__heading">Product Suggestions</h2>
                    <ul className="search-box__list">
                      {suggestions.map((product) => (
                        <li key={product.product_id}>
                          <Link
                            className="search-box__suggestion"
                            to={`/products/${product.product_id}`}
                            onClick={() => setOpen(false)}
                          >
                            <img src={product.image} alt="" width={48} height={48} loading="lazy" />
                            <span className="search-box__meta">
                              <strong>{product.title}</strong>
                              <span>
                                {product.brand_name} · {product.category_name}
                              </span>
                            </span>
                            <span className="search-box__price">{formatPrice(Number(product.price))}</span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </>
                )
              )}
              <button type="button" className="search-box__all" onClick={goToResults}>
                View all results for "{trimmed}"
              </button>
            </>
          )}
        </div>
      )}
    </form>
  );
}
