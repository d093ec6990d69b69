import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatPrice } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import {
  MIN_SEARCH_LENGTH,
  searchCleared,
  searchTextChanged,
  selectSearch,
} from './searchSlice.ts';
import { nextActiveIndex } from './suggestionNavigation.ts';
import ProductImage from '../../components/ProductImage.tsx';

/**
 * The search box is a combobox with a listbox popup (WAI-ARIA APG): focus stays in the input,
 * the arrow keys move the active suggestion (aria-activedescendant), Enter opens it, Escape closes
 * the popup (and clears the text when it is already closed).
 */
export default function SearchBox() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { text, suggestions, suggestionStatus } = useAppSelector(selectSearch);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const container = useRef<HTMLFormElement>(null);
  const baseId = useId();
  const listId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const trimmed = text.trim();

  useEffect(() => {
    const onPointerDown = (event: MouseEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, []);

  // A new list of suggestions starts with none active.
  useEffect(() => setActiveIndex(-1), [suggestions]);

  const showDropdown = open && text.length > 0;
  const options = trimmed.length >= MIN_SEARCH_LENGTH ? suggestions : [];
  const expanded = showDropdown && options.length > 0;
  const active = expanded && activeIndex >= 0 && activeIndex < options.length ? activeIndex : -1;

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
  };

  const goToResults = () => {
    if (!trimmed) return;
    close();
    navigate(`/search?q=${encodeURIComponent(trimmed)}`);
  };

  const openProduct = (productId: string) => {
    close();
    navigate(`/products/${productId}`);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    goToResults();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!showDropdown) {
          setOpen(true);
          if (event.altKey) return;
        }
        if (options.length > 0)
          setActiveIndex(
            nextActiveIndex(active, options.length, event.key === 'ArrowDown' ? 1 : -1),
          );
        return;
      }
      case 'Home':
      case 'End':
        if (active >= 0) {
          event.preventDefault();
          setActiveIndex(event.key === 'Home' ? 0 : options.length - 1);
        }
        return;
      case 'Enter':
        if (active >= 0) {
          event.preventDefault();
          openProduct(options[active]!.product_id);
        }
        return;
      case 'Escape':
        if (showDropdown) {
          event.preventDefault();
          close();
        } else if (text) {
          event.preventDefault();
          dispatch(searchCleared());
        }
        return;
      case 'Tab':
        close();
        return;
      default:
        return;
    }
  };

  return (
    <form role="search" className="search-box" ref={container} onSubmit={onSubmit}>
      <div className="search-box__field">
        <input
          type="search"
          role="combobox"
          aria-label="Search products"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          placeholder="Search for products, brands, categories..."
          value={text}
          autoComplete="off"
          onChange={(event) => {
            dispatch(searchTextChanged(event.target.value));
            setOpen(true);
            setActiveIndex(-1);
          }}
          // Typing (even the same text again) and clicking into the box show the popup again.
          onInput={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {text && (
          <button
            type="button"
            className="search-box__clear"
            aria-label="Clear search"
            onClick={() => {
              dispatch(searchCleared());
              close();
            }}
          >
            ×
          </button>
        )}
        <button
          type="submit"
          className="button button--primary search-box__submit"
          disabled={!trimmed}
        >
          Search
        </button>
      </div>
      {showDropdown && (
        <div className="search-box__dropdown">
          {trimmed.length < MIN_SEARCH_LENGTH ? (
            <p className="search-box__hint" role="status">
              Type at least 2 characters to search
            </p>
          ) : (
            <>
              {suggestionStatus === 'loading' && (
                <div className="search-box__overlay" role="status">
                  Searching...
                </div>
              )}
              {suggestionStatus === 'ready' && options.length === 0 ? (
                <div className="search-box__empty" role="status">
                  <p>No products found for "{trimmed}"</p>
                  <p>Try using different keywords or browse our categories</p>
                </div>
              ) : (
                options.length > 0 && (
                  <>
                    <h2 className="search-box__heading" id={`${listId}-heading`}>
                      Product Suggestions
                    </h2>
                    <ul
                      className="search-box__list"
                      id={listId}
                      role="listbox"
                      aria-labelledby={`${listId}-heading`}
                    >
                      {options.map((product, index) => (
                        <li
                          key={product.product_id}
                          id={optionId(index)}
                          role="option"
                          aria-selected={index === active}
                          className={
                            index === active
                              ? 'search-box__suggestion is-active'
                              : 'search-box__suggestion'
                          }
                          // Keeps the focus in the input (APG: the input owns the focus).
                          onMouseDown={(event) => event.preventDefault()}
                          onMouseMove={() => setActiveIndex(index)}
                          onClick={() => openProduct(product.product_id)}
                        >
                          <ProductImage
                            product={product}
                            sizes="48px"
                            fallback="thumbnail"
                            alt=""
                            width={48}
                            height={48}
                            className="product-thumb"
                          />
                          <span className="search-box__meta">
                            <strong>{product.title}</strong>
                            <span>
                              {product.brand_name} · {product.category_name}
                            </span>
                          </span>
                          <span className="search-box__price">
                            {formatPrice(Number(product.price))}
                          </span>
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
