/** A member's own reports (/account/reports): what was reported, why, and what came of it. */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import Spinner from '../../components/Spinner.tsx';
import { myReportsRequested, selectModeration } from './moderationSlice.ts';
import { reasonLabel } from './reference.ts';
import TargetPreview from './TargetPreview.tsx';
import { formatMoment, reportOutcome } from './words.ts';
import '../auth/account.css';
import './moderation.css';
import './feature.ts';

export default function MyReportsPage() {
  const dispatch = useAppDispatch();
  const { myReports } = useAppSelector(selectModeration);
  useEffect(() => {
    dispatch(myReportsRequested());
  }, [dispatch]);
  return (
    <div className="rw-page container rw-moderation">
      <h1>Your reports</h1>
      <p className="rw-muted">
        What you reported and what our moderators decided.{' '}
        <Link to="/account/notices">Notices</Link> shows decisions about your own account.
      </p>
      {myReports.status === 'failed' ? (
        <p className="rw-alert rw-alert--error" role="alert">
          {myReports.error}
        </p>
      ) : myReports.status !== 'loaded' && myReports.items.length === 0 ? (
        <Spinner label="Loading your reports..." />
      ) : myReports.items.length === 0 ? (
        <div className="rw-empty">
          <h2>No reports</h2>
          <p className="rw-muted">You have not reported anything.</p>
        </div>
      ) : (
        <ul className="rw-notice-list">
          {myReports.items.map((report) => (
            <li key={report.reportId} className="rw-card rw-my-report">
              <TargetPreview target={report.target} preview={report.targetPreview} />
              <p>
                <strong>{reasonLabel(report.reason)}</strong>{' '}
                <span className="rw-muted">· reported {formatMoment(report.reportedAt)}</span>
              </p>
              {report.text && <p className="rw-case__text">{report.text}</p>}
              <p>
                <span
                  className={`rw-badge ${report.status === 'open' ? 'rw-badge--blue' : report.outcome === 'action_taken' ? 'rw-badge--green' : 'rw-badge--grey'}`}
                >
                  {reportOutcome(report)}
                </span>
                {report.decidedAt && (
                  <span className="rw-muted"> · decided {formatMoment(report.decidedAt)}</span>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
