/**
 * The operator console (/ops): projections, audit log, dead letters, streams and disputes, for
 * people whose account has an operator role (docs/operations.md, "Operator console"). Who may
 * see it is the server's answer to GET /api/ops/whoami: anyone else gets "Operators only".
 */
import { useEffect } from 'react';
import { NavLink, Route, Routes } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import Spinner from '../../components/Spinner.tsx';
import { opsClosed, opsOpened, selectOps } from './opsSlice.ts';
import {
  AuditScreen,
  DeadLettersScreen,
  DisputesScreen,
  ProjectionsScreen,
  StreamsScreen,
} from './screens.tsx';
import '../auth/account.css';
import './ops.css';
import './feature.ts';

const SECTIONS = [
  { to: '', label: 'Projections' },
  { to: 'audit', label: 'Audit log' },
  { to: 'dead-letters', label: 'Dead letters' },
  { to: 'streams', label: 'Streams' },
  { to: 'disputes', label: 'Disputes' },
];

export default function OpsPage() {
  const dispatch = useAppDispatch();
  const { access } = useAppSelector(selectOps);
  useEffect(() => {
    dispatch(opsOpened());
    return () => {
      dispatch(opsClosed());
    };
  }, [dispatch]);

  if (access.status === 'checking')
    return (
      <div className="rw-page container">
        <Spinner label="Checking your access..." />
      </div>
    );
  if (access.status !== 'granted')
    return (
      <div className="rw-page container rw-ops rw-ops--refused">
        <h1>{access.status === 'denied' ? 'Operators only' : 'The console did not load'}</h1>
        <p>
          {access.status === 'denied'
            ? 'This console is for the people who run Rewear. Your account has no operator role: ask an operator to grant you one.'
            : access.error}
        </p>
        {access.status === 'failed' ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => dispatch(opsOpened())}
          >
            Try again
          </button>
        ) : null}
      </div>
    );

  return (
    <div className="rw-page container rw-ops">
      <div className="rw-ops__head">
        <h1>Operator console</h1>
        <p className="rw-muted">
          Signed in as <span className="rw-ops__uid">{access.uid}</span>{' '}
          <span
            className={`rw-badge ${access.role === 'operator' ? 'rw-badge--green' : 'rw-badge--blue'}`}
          >
            {access.role}
          </span>
          {access.role === 'support' ? ' (read-only)' : ''}
        </p>
      </div>
      <nav className="rw-ops__nav" aria-label="Console sections">
        {SECTIONS.map((section) => (
          <NavLink
            key={section.label}
            to={section.to ? `/ops/${section.to}` : '/ops'}
            end
            className={({ isActive }) => `rw-ops__tab${isActive ? ' rw-ops__tab--active' : ''}`}
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<ProjectionsScreen />} />
        <Route path="audit" element={<AuditScreen />} />
        <Route path="dead-letters" element={<DeadLettersScreen />} />
        <Route path="streams" element={<StreamsScreen />} />
        <Route path="disputes" element={<DisputesScreen />} />
      </Routes>
    </div>
  );
}
