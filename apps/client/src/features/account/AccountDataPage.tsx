/**
 * "Your data and your account" (docs/security.md, "Personal data and account deletion"):
 * everything Rewear holds about the member, section by section, with a button that saves it
 * as JSON; and deleting the account, behind a step that says what happens and asks the member
 * to type DELETE. Once deleted, the confirmation page signs them out.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MemberData } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { accountDeletionRequested, memberDataRequested, selectAccount } from './accountSlice.ts';
import '../auth/account.css';
import './account.css';
import './feature.ts';

type Item = MemberData['sections'][number]['items'][number];

/** `display_name` → "Display name". */
const labelOf = (key: string) => {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const isPlain = (value: unknown) => value === null || typeof value !== 'object';

/** A value as text, or nested fields for an object and a list of them. */
function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <>—</>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <>—</>;
    if (value.every(isPlain)) return <>{value.map(String).join(', ')}</>;
    return (
      <ol className="member-data__list">
        {value.map((entry, index) => (
          <li key={index}>
            <Value value={entry} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object') return <ItemFields item={value as Item} nested />;
  return <>{String(value)}</>;
}

function ItemFields({ item, nested = false }: { item: Item; nested?: boolean }) {
  return (
    <dl className={nested ? 'member-data__item member-data__item--nested' : 'member-data__item'}>
      {Object.entries(item).map(([key, value]) => (
        <div key={key} className="member-data__field">
          <dt>{labelOf(key)}</dt>
          <dd>
            <Value value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function saveAsJson(data: MemberData) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `rewear-data-${data.uid}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

function DeleteAccount() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { deletion, deletionError } = useAppSelector(selectAccount);
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const inputId = useId();

  useEffect(() => {
    if (deletion === 'deleted') navigate('/account/deleted', { replace: true });
  }, [deletion, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed === 'DELETE') dispatch(accountDeletionRequested());
  };

  return (
    <section className="rw-card member-data__delete" aria-labelledby="delete-account">
      <h2 id="delete-account">Delete my account</h2>
      <p>
        Deleting your account closes it for good. Your listings are removed, and your name, email,
        addresses and message texts become unreadable everywhere on Rewear, our records included.
        Reviews you wrote stay, signed by “A former member”.
      </p>
      <p className="rw-muted">
        You cannot delete your account while an order awaits payment or a purchase or sale is in
        progress.
      </p>
      {deletionError && (
        <div className="rw-alert rw-alert--error" role="alert">
          {deletionError}
        </div>
      )}
      {!confirming ? (
        <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
          Delete my account
        </button>
      ) : (
        <form className="member-data__confirm" onSubmit={submit}>
          <div className="rw-field">
            <label htmlFor={inputId}>Type DELETE to confirm</label>
            <input
              id={inputId}
              value={typed}
              autoComplete="off"
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <div className="member-data__actions">
            <button
              type="submit"
              className="button button--danger"
              disabled={typed !== 'DELETE' || deletion === 'deleting'}
            >
              {deletion === 'deleting' ? 'Deleting…' : 'Delete my account for good'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setConfirming(false);
                setTyped('');
              }}
            >
              Keep my account
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

export default function AccountDataPage() {
  const dispatch = useAppDispatch();
  const { data, loading, loadError } = useAppSelector(selectAccount);

  useEffect(() => {
    dispatch(memberDataRequested());
  }, [dispatch]);

  return (
    <div className="rw-page container member-data">
      <h1>Your data</h1>
      <p className="rw-muted">Everything Rewear holds about you.</p>
      <div className="member-data__toolbar">
        <button
          type="button"
          className="button button--primary"
          disabled={!data}
          onClick={() => data && saveAsJson(data)}
        >
          Download JSON
        </button>
      </div>
      {loadError && (
        <div className="rw-alert rw-alert--error" role="alert">
          {loadError}
        </div>
      )}
      {loading && !data && <p className="rw-muted">Loading your data…</p>}
      {data && (
        <>
          <nav className="member-data__contents" aria-label="Sections">
            {data.sections.map((section) => (
              <a key={section.key} href={`#data-${section.key}`}>
                {section.title} ({section.items.length})
              </a>
            ))}
          </nav>
          {data.sections.map((section) => (
            <section
              key={section.key}
              id={`data-${section.key}`}
              className="rw-card member-data__section"
              aria-labelledby={`data-${section.key}-title`}
            >
              <h2 id={`data-${section.key}-title`}>
                {section.title} <span className="rw-muted">({section.items.length})</span>
              </h2>
              {section.items.length === 0 ? (
                <p className="rw-muted">Nothing here.</p>
              ) : (
                section.items.map((item, index) => <ItemFields key={index} item={item} />)
              )}
            </section>
          ))}
        </>
      )}
      <DeleteAccount />
    </div>
  );
}
