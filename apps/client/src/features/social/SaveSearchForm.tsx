/**
 * "Save this search" on the catalogue and the search page (docs/product.md §14): the query of
 * the address shown, under a name the user gives (a suggestion filled in).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectIsSignedIn } from '../auth/authSlice.ts';
import { hasCriteria, queryOfLocation, suggestedName } from './savedSearchQuery.ts';
import { searchSaveRequested, searchSaveReset, selectSaving } from './socialSlice.ts';
import './social.css';

export default function SaveSearchForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const saving = useAppSelector(selectSaving);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const inputId = useId();
  const query = queryOfLocation(location.pathname, location.search);

  // Another query on screen: a fresh form.
  useEffect(() => {
    setOpen(false);
    dispatch(searchSaveReset());
  }, [dispatch, location.pathname, location.search]);

  if (!hasCriteria(query)) return null;

  const start = () => {
    if (!signedIn) {
      navigate('/login', { state: { from: location } });
      return;
    }
    setName(suggestedName(query));
    dispatch(searchSaveReset());
    setOpen(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(searchSaveRequested({ name: name.trim(), query }));
  };

  if (saving.status === 'saved')
    return (
      <p className="save-search save-search--done" role="status">
        Search saved. <Link to="/saved-searches">Your saved searches</Link>
      </p>
    );
  if (!open)
    return (
      <div className="save-search">
        <button type="button" className="button button--secondary" onClick={start}>
          Save this search
        </button>
      </div>
    );
  return (
    <form className="save-search save-search--form" onSubmit={submit}>
      <label htmlFor={inputId}>Name this search</label>
      <input
        id={inputId}
        value={name}
        maxLength={80}
        required
        autoFocus
        onChange={(event) => setName(event.target.value)}
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={saving.status === 'saving'}
      >
        {saving.status === 'saving' ? 'Saving...' : 'Save'}
      </button>
      <button type="button" className="link-button" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {saving.error && (
        <p className="save-search__error" role="alert">
          {saving.error}
        </p>
      )}
    </form>
  );
}
