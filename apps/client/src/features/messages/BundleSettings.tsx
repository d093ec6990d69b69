/**
 * A seller's bundle discounts (docs/product.md §13): percent off when a buyer takes at least so
 * many of their items in one order. Up to three tiers; none turns bundles off.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { BundleTier } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { bundleRequested, bundleSaveRequested, selectBundle } from './messagesSlice.ts';
import './messages.css';
import './feature.ts';

const MAX_TIERS = 3;
type Row = { minItems: string; percent: string };

/** Rows to tiers, or why they cannot be saved (the server checks again). */
export function tiersOf(rows: Row[]): BundleTier[] | string {
  const tiers: BundleTier[] = [];
  for (const row of rows) {
    if (!row.minItems.trim() && !row.percent.trim()) continue;
    const minItems = Number(row.minItems);
    const percent = Number(row.percent);
    if (!Number.isInteger(minItems) || minItems < 2 || minItems > 20)
      return 'A bundle is from 2 to 20 items';
    if (!Number.isInteger(percent) || percent < 1 || percent > 90)
      return 'A discount is a whole percent from 1 to 90';
    tiers.push({ minItems, percent });
  }
  return tiers.sort((a, b) => a.minItems - b.minItems);
}

const rowsOf = (tiers: BundleTier[]): Row[] =>
  Array.from({ length: MAX_TIERS }, (_, i) => ({
    minItems: tiers[i] ? String(tiers[i]!.minItems) : '',
    percent: tiers[i] ? String(tiers[i]!.percent) : '',
  }));

export default function BundleSettings({ uid }: { uid: string }) {
  const dispatch = useAppDispatch();
  const bundle = useAppSelector(selectBundle);
  const [rows, setRows] = useState<Row[]>(rowsOf([]));
  const [problem, setProblem] = useState<string | null>(null);
  const loading = bundle.status === 'idle' || bundle.status === 'loading';

  useEffect(() => {
    dispatch(bundleRequested(uid));
  }, [dispatch, uid]);
  useEffect(() => {
    if (bundle.status === 'loaded') setRows(rowsOf(bundle.tiers));
  }, [bundle.status, bundle.tiers]);

  const change = (index: number, field: keyof Row, value: string) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tiers = tiersOf(rows);
    setProblem(typeof tiers === 'string' ? tiers : null);
    if (typeof tiers !== 'string') dispatch(bundleSaveRequested(tiers));
  };

  return (
    <section className="rw-card rw-bundle" aria-labelledby="bundle-title">
      <h2 id="bundle-title">Bundle discounts</h2>
      <p className="rw-muted">
        Buyers who take several of your items in one order get a discount. Leave a row empty to
        remove it.
      </p>
      <form onSubmit={submit} aria-label="Bundle discounts" noValidate>
        {/* Disabled until the saved tiers arrive, so they never overwrite what is being typed. */}
        <fieldset className="rw-bundle__rows" disabled={loading} aria-busy={loading}>
          <legend className="visually-hidden">Discount tiers</legend>
          {rows.map((row, i) => (
            <div className="rw-bundle__row" key={i}>
              <label>
                From
                <input
                  inputMode="numeric"
                  aria-label={`Tier ${i + 1}: items`}
                  value={row.minItems}
                  onChange={(e) => change(i, 'minItems', e.target.value)}
                />
                items
              </label>
              <label>
                <input
                  inputMode="numeric"
                  aria-label={`Tier ${i + 1}: percent off`}
                  value={row.percent}
                  onChange={(e) => change(i, 'percent', e.target.value)}
                />
                % off
              </label>
            </div>
          ))}
        </fieldset>
        {(problem ?? bundle.error) && (
          <p className="rw-alert rw-alert--error" role="alert">
            {problem ?? bundle.error}
          </p>
        )}
        {bundle.saved && !problem && (
          <p className="rw-muted" role="status">
            Saved.
          </p>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={loading || bundle.saving}
        >
          {bundle.saving ? 'Saving...' : 'Save bundle discounts'}
        </button>
      </form>
    </section>
  );
}
