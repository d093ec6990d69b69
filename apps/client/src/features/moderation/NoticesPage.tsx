/**
 * The affected member's notices (/account/notices) and one statement of reasons
 * (/account/notices/:decisionId): what was decided, what and why, the rule, how to appeal, and the
 * appeal form while the decision can still be appealed; after an appeal, where it stands.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import Spinner from '../../components/Spinner.tsx';
import { appealTextProblem } from './forms.ts';
import {
  appealSubmitted,
  noticeRequested,
  noticesRequested,
  selectModeration,
} from './moderationSlice.ts';
import { APPEAL_TEXT_MAX, APPEAL_TEXT_MIN } from './reference.ts';
import type { DecisionView } from './types.ts';
import { appealStatus, decisionHeadline, formatDay, formatMoment } from './words.ts';
import '../auth/account.css';
import './moderation.css';
import './feature.ts';

function AppealForm({ decision }: { decision: DecisionView }) {
  const dispatch = useAppDispatch();
  const { appealing } = useAppSelector(selectModeration);
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = appealTextProblem(text);
    setProblem(found);
    if (found) {
      field.current?.focus();
      return;
    }
    dispatch(appealSubmitted({ decisionId: decision.decisionId, text }));
  };
  return (
    <form className="rw-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Appeal this decision</h2>
      <div className="rw-field">
        <label htmlFor={`${id}-text`}>Why should it change?</label>
        <textarea
          id={`${id}-text`}
          ref={field}
          rows={5}
          maxLength={APPEAL_TEXT_MAX}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-count${problem ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
        />
        <span id={`${id}-count`} className="rw-muted rw-report-dialog__count">
          {text.trim().length} / {APPEAL_TEXT_MAX.toLocaleString('en-GB')} characters (at least{' '}
          {APPEAL_TEXT_MIN})
        </span>
        {problem && (
          <span id={`${id}-error`} className="rw-field__error">
            {problem}
          </span>
        )}
      </div>
      {appealing.error && (
        <p className="rw-alert rw-alert--error" role="alert">
          {appealing.error}
        </p>
      )}
      <div>
        <button type="submit" className="button button--primary" disabled={appealing.busy}>
          {appealing.busy ? 'Sending...' : 'Send appeal'}
        </button>
      </div>
    </form>
  );
}

function Statement({ decision }: { decision: DecisionView }) {
  const status = appealStatus(decision);
  return (
    <article className="rw-notice" aria-labelledby="notice-title">
      <h1 id="notice-title">{decisionHeadline(decision)}</h1>
      <p className="rw-muted">Decided on {formatDay(decision.decidedAt)}</p>
      <section className="rw-card rw-notice__statement" aria-label="Statement of reasons">
        <h2>What we decided</h2>
        <p>{decision.statement.what}</p>
        <h2>Why</h2>
        <p>{decision.statement.why}</p>
        {decision.rule && (
          <>
            <h2>The rule</h2>
            <p>
              <strong>{decision.rule.title}</strong>
            </p>
            <p>{decision.rule.text}</p>
          </>
        )}
        {decision.action === 'suspend' && decision.endsAt && (
          <>
            <h2>Until when</h2>
            <p>
              {decision.days} {decision.days === 1 ? 'day' : 'days'}, until{' '}
              {formatDay(decision.endsAt)}. Until then you cannot list, buy, make offers or send
              messages.
            </p>
          </>
        )}
        {decision.action === 'ban' && (
          <p>You can no longer list, buy, make offers or send messages.</p>
        )}
      </section>
      <section className="rw-card" aria-labelledby="appeal-heading">
        <h2 id="appeal-heading">How to appeal</h2>
        <p>{decision.howToAppeal}</p>
        {decision.appeal && (
          <div className="rw-notice__appeal" role="status">
            <p>
              <strong>{status}</strong>
            </p>
            <p className="rw-muted">You appealed on {formatMoment(decision.appeal.appealedAt)}:</p>
            <p className="rw-case__text">{decision.appeal.text}</p>
            {decision.appeal.outcomeText && (
              <p>
                <span className="rw-muted">The moderator's answer:</span>{' '}
                {decision.appeal.outcomeText}
              </p>
            )}
          </div>
        )}
      </section>
      {decision.canAppeal && !decision.appeal && (
        <section className="rw-card">
          <AppealForm decision={decision} />
        </section>
      )}
    </article>
  );
}

function NoticeScreen({ decisionId }: { decisionId: string }) {
  const dispatch = useAppDispatch();
  const { notice } = useAppSelector(selectModeration);
  useEffect(() => {
    dispatch(noticeRequested(decisionId));
  }, [dispatch, decisionId]);
  return (
    <div className="rw-page container rw-moderation">
      <p>
        <Link to="/account/notices">← All notices</Link>
      </p>
      {notice.status === 'notFound' || notice.status === 'failed' ? (
        <div role="alert">
          <h1>{notice.status === 'notFound' ? 'Notice not found' : 'Something went wrong'}</h1>
          <p>{notice.error}</p>
        </div>
      ) : notice.view && notice.view.decisionId === decisionId ? (
        <Statement decision={notice.view} />
      ) : (
        <Spinner label="Loading the notice..." />
      )}
    </div>
  );
}

function NoticeList() {
  const dispatch = useAppDispatch();
  const { notices } = useAppSelector(selectModeration);
  useEffect(() => {
    dispatch(noticesRequested());
  }, [dispatch]);
  return (
    <div className="rw-page container rw-moderation">
      <h1>Notices</h1>
      <p className="rw-muted">Decisions our moderators made about your account or your listings.</p>
      {notices.status === 'failed' ? (
        <p className="rw-alert rw-alert--error" role="alert">
          {notices.error}
        </p>
      ) : notices.status !== 'loaded' && notices.items.length === 0 ? (
        <Spinner label="Loading your notices..." />
      ) : notices.items.length === 0 ? (
        <div className="rw-empty">
          <h2>No notices</h2>
          <p className="rw-muted">Nothing has been decided about your account.</p>
        </div>
      ) : (
        <ul className="rw-notice-list">
          {notices.items.map((decision) => (
            <li key={decision.decisionId} className="rw-card">
              <Link to={`/account/notices/${encodeURIComponent(decision.decisionId)}`}>
                {decisionHeadline(decision)}
              </Link>
              <p className="rw-muted">
                {formatDay(decision.decidedAt)}
                {decision.rule ? ` · ${decision.rule.title}` : ''}
                {decision.appeal ? ` · ${appealStatus(decision)}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function NoticesPage() {
  const { decisionId } = useParams();
  return decisionId ? <NoticeScreen decisionId={decisionId} /> : <NoticeList />;
}
