import { useId, useState } from 'react';
import type { BrandView } from '@rewear/contracts';
import { filterBrands, findBrandByName } from './listingDraft.ts';

interface Props {
  brands: BrandView[];
  loading: boolean;
  selectedId: string | null;
  selectedName: string;
  creating: boolean;
  onSelect: (brand: BrandView) => void;
  onCreate: (name: string) => void;
}

/** An open-or-closed scrolling brand list; typing a name that does not exist offers to create it. */
export default function BrandPicker({
  brands,
  loading,
  selectedId,
  selectedName,
  creating,
  onSelect,
  onCreate,
}: Props) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const listId = useId();
  const inputId = useId();
  const shown = filterBrands(brands, typed);
  const existing = findBrandByName(brands, typed);
  const canCreate = typed.trim().length > 0 && !existing;

  const choose = (brand: BrandView) => {
    onSelect(brand);
    setTyped('');
    setOpen(false);
  };

  return (
    <div className="rw-field rw-brand-picker">
      <label htmlFor={inputId}>Brand</label>
      <div className="rw-brand-picker__control">
        <input
          id={inputId}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          placeholder={selectedName || 'Search or type a new brand'}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
            if (e.key === 'Enter') {
              e.preventDefault();
              if (existing) choose(existing);
              else if (canCreate) onCreate(typed.trim());
            }
          }}
        />
        <button
          type="button"
          className="button button--secondary button--small"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Close brand list' : 'Show brands'}
        </button>
      </div>
      {selectedName && (
        <p className="rw-muted">
          Selected brand: <strong>{selectedName}</strong>
        </p>
      )}
      {open && (
        <div className="rw-brand-picker__panel">
          {loading && <p className="rw-muted">Loading brands...</p>}
          <ul id={listId} role="listbox" aria-label="Brands" className="rw-brand-picker__list">
            {shown.map((brand) => (
              <li key={brand.id} role="option" aria-selected={brand.id === selectedId}>
                <button type="button" onClick={() => choose(brand)}>
                  {brand.name}
                </button>
              </li>
            ))}
          </ul>
          {canCreate && (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={creating}
              onClick={() => onCreate(typed.trim())}
            >
              {creating ? 'Creating brand...' : `Create brand "${typed.trim()}"`}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
