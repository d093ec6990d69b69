/**
 * The user's saved searches (docs/product.md §14), each with the new listings that matched since
 * it was last opened. Opening one runs its query and marks its matches seen.
 */
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SavedSearchView } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { describeQuery, pathOfSavedQuery } from './savedSearchQuery.ts';
import {
  savedSearchDeleted,
  savedSearchOpened,
  savedSearchesRequested,
  selectSavedSearches,
} from './socialSlice.ts';
import '../auth/account.css';
import './social.css';

function NewMatches({ count }: { count: number }) {
  if (count === 0) return <span className="saved-search__seen">No new matches</span>;
  return (
    <span className="saved-search__new" data-testid="new-matches">
      {count >= 50 ? '50+' : count} new
    </span>
  );
}

function SavedSearchItem({ search }: { search: SavedSearchView }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const open = () => {
    dispatch(savedSearchOpened(search.id));
    navigate(pathOfSavedQuery(search.query));
  };
  return (
    <li className="rw-card saved-search">
      <div className="saved-search__main">
        <h2 className="saved-search__name">{search.name}</h2>
        <p className="muted saved-search__query">{describeQuery(search.query)}</p>
      </div>
      <NewMatches count={search.newMatches} />
      <div className="saved-search__actions">
        <button type="button" className="button button--primary" onClick={open}>
          Open
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-label={`Delete ${search.name}`}
          onClick={() => dispatch(savedSearchDeleted(search.id))}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

export default function SavedSearchesPage() {
  const dispatch = useAppDispatch();
  const { status, items, error } = useAppSelector(selectSavedSearches);

  useEffect(() => {
    dispatch(savedSearchesRequested());
  }, [dispatch]);

  return (
    <div className="rw-page container saved-searches">
      <h1>Saved searches</h1>
      <p className="muted">
        We tell you when a new listing matches one of them; the count is what arrived since you last
        opened it.
      </p>
      {status === 'failed' && items.length === 0 ? (
        <div className="rw-alert rw-alert--error" role="alert">
          <span>{error}</span>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => dispatch(savedSearchesRequested())}
          >
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <p role="status">
          {status === 'loaded' ? (
            <>
              No saved searches yet. Search or filter the <Link to="/products">catalogue</Link>,
              then choose “Save this search”.
            </>
          ) : (
            'Loading your saved searches...'
          )}
        </p>
      ) : (
        <ul className="saved-searches__list" aria-label="Saved searches">
          {items.map((search) => (
            <SavedSearchItem key={search.id} search={search} />
          ))}
        </ul>
      )}
    </div>
  );
}
