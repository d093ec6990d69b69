/**
 * The moderation queue (/moderation) for accounts whose role is 'moderator': open cases oldest
 * first, each with what was reported, the reports (never who made them), earlier decisions and a
 * decision form; and the open appeals (/moderation/appeals), each decided by another moderator
 * than the one who made the decision.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { NavLink, Route, Routes, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import Spinner from '../../components/Spinner.tsx';
import {
  actionsFor,
  appealAnswerProblem,
  checkDecisionForm,
  type DecisionField,
  type DecisionFormInput,
} from './forms.ts';
import {
  appealDecided,
  appealsRequested,
  caseDecided,
  moderationOpened,
  queueRequested,
  selectModeration,
} from './moderationSlice.ts';
import {
  COMMUNITY_RULES,
  reasonLabel,
  STATEMENT_WHAT_MAX,
  STATEMENT_WHY_MAX,
  SUSPEND_DAYS_MAX,
  SUSPEND_DAYS_MIN,
} from './reference.ts';
import TargetPreview from './TargetPreview.tsx';
import type { CaseView, DecisionAction, DecisionView } from './types.ts';
import { ACTION_LABELS, actionDone, formatMoment } from './words.ts';
import '../auth/account.css';
import './moderation.css';
import './feature.ts';

const EMPTY_FORM: DecisionFormInput = { action: '', days: '7', rule: '', what: '', why: '' };

function DecisionSummary({ decision }: { decision: DecisionView }) {
  return (
    <div className="rw-decision-summary">
      <p>
        <strong>{actionDone(decision)}</strong> · {formatMoment(decision.decidedAt)}
        {decision.rule && <> · {decision.rule.title}</>}
      </p>
      <p>
        <span className="rw-muted">What:</span> {decision.statement.what}
      </p>
      <p>
        <span className="rw-muted">Why:</span> {decision.statement.why}
      </p>
      {decision.appeal && decision.appeal.status !== 'open' && (
        <p className="rw-muted">
          Appeal {decision.appeal.status === 'reversed' ? 'reversed it' : 'upheld it'}
          {decision.appeal.outcomeText ? `: ${decision.appeal.outcomeText}` : ''}
        </p>
      )}
    </div>
  );
}

function DecisionForm({ item }: { item: CaseView }) {
  const dispatch = useAppDispatch();
  const acting = useAppSelector(selectModeration).acting[item.caseId];
  const id = useId();
  const [input, setInput] = useState<DecisionFormInput>(EMPTY_FORM);
  const [errors, setErrors] = useState<Partial<Record<DecisionField, string>>>({});
  const set = (field: DecisionField, value: string) => {
    setInput((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDecisionForm(item.target.kind, input);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    dispatch(caseDecided({ caseId: item.caseId, body: checked.body }));
  };
  const error = (field: DecisionField) =>
    errors[field] ? (
      <span id={`${id}-${field}-error`} className="rw-field__error">
        {errors[field]}
      </span>
    ) : null;
  const described = (field: DecisionField) => (errors[field] ? `${id}-${field}-error` : undefined);
  const needsRule = input.action !== '' && input.action !== 'dismiss';
  // The member reads the rule's text in the statement of reasons: the moderator sees it too.
  const chosenRule = COMMUNITY_RULES.find((rule) => rule.id === input.rule);

  return (
    <form className="rw-form rw-decision-form" onSubmit={submit} noValidate aria-label="Decision">
      <div className="rw-form__grid">
        <div className="rw-field">
          <label htmlFor={`${id}-action`}>Action</label>
          <select
            id={`${id}-action`}
            value={input.action}
            aria-invalid={errors.action ? true : undefined}
            aria-describedby={described('action')}
            onChange={(event) => set('action', event.target.value as DecisionAction)}
          >
            <option value="">Choose an action</option>
            {actionsFor(item.target.kind).map((action) => (
              <option key={action} value={action}>
                {action === 'suspend' ? 'Suspend for N days' : ACTION_LABELS[action]}
              </option>
            ))}
          </select>
          {error('action')}
        </div>
        {input.action === 'suspend' ? (
          <div className="rw-field">
            <label htmlFor={`${id}-days`}>Days (1–30)</label>
            <input
              id={`${id}-days`}
              type="number"
              inputMode="numeric"
              min={SUSPEND_DAYS_MIN}
              max={SUSPEND_DAYS_MAX}
              value={input.days}
              aria-invalid={errors.days ? true : undefined}
              aria-describedby={described('days')}
              onChange={(event) => set('days', event.target.value)}
            />
            {error('days')}
          </div>
        ) : null}
        {needsRule && (
          <div className="rw-field rw-field--wide">
            <label htmlFor={`${id}-rule`}>Rule</label>
            <select
              id={`${id}-rule`}
              value={input.rule}
              aria-invalid={errors.rule ? true : undefined}
              aria-describedby={described('rule')}
              onChange={(event) => set('rule', event.target.value)}
            >
              <option value="">Choose the rule</option>
              {COMMUNITY_RULES.map((rule) => (
                <option key={rule.id} value={rule.id}>
                  {rule.title}
                </option>
              ))}
            </select>
            {chosenRule && (
              <span className="rw-muted rw-decision-form__rule">{chosenRule.text}</span>
            )}
            {error('rule')}
          </div>
        )}
      </div>
      <div className="rw-field">
        <label htmlFor={`${id}-what`}>What (the member reads this)</label>
        <textarea
          id={`${id}-what`}
          rows={2}
          maxLength={STATEMENT_WHAT_MAX}
          value={input.what}
          aria-invalid={errors.what ? true : undefined}
          aria-describedby={described('what')}
          onChange={(event) => set('what', event.target.value)}
        />
        {error('what')}
      </div>
      <div className="rw-field">
        <label htmlFor={`${id}-why`}>Why</label>
        <textarea
          id={`${id}-why`}
          rows={3}
          maxLength={STATEMENT_WHY_MAX}
          value={input.why}
          aria-invalid={errors.why ? true : undefined}
          aria-describedby={described('why')}
          onChange={(event) => set('why', event.target.value)}
        />
        {error('why')}
      </div>
      {acting?.error && (
        <p className="rw-alert rw-alert--error" role="alert">
          {acting.error}
        </p>
      )}
      <div>
        <button type="submit" className="button button--primary" disabled={acting?.busy}>
          {acting?.busy ? 'Deciding...' : 'Decide'}
        </button>
      </div>
    </form>
  );
}

function CaseCard({ item }: { item: CaseView }) {
  const headingId = useId();
  return (
    <li>
      <article className="rw-card rw-case" aria-labelledby={headingId}>
        <h2 id={headingId} className="visually-hidden">
          Case about{' '}
          {item.targetPreview.title ||
            item.targetPreview.name ||
            item.targetPreview.text ||
            'a member'}
        </h2>
        <TargetPreview target={item.target} preview={item.targetPreview} />
        <p className="rw-muted">
          {item.openReports} open {item.openReports === 1 ? 'report' : 'reports'} · first reported{' '}
          {formatMoment(item.firstReportedAt)}
        </p>
        <h3>Reports</h3>
        <ul className="rw-case__reports">
          {item.reports.map((report) => (
            <li key={report.reportId}>
              <p>
                <strong>{reasonLabel(report.reason)}</strong>{' '}
                <span className="rw-muted">
                  · {formatMoment(report.reportedAt)} · by a{' '}
                  {report.reporterKind === 'visitor' ? 'visitor' : 'member'}
                </span>
              </p>
              {report.text && <p className="rw-case__text">{report.text}</p>}
            </li>
          ))}
        </ul>
        {item.history.length > 0 && (
          <>
            <h3>Earlier decisions</h3>
            <ul className="rw-case__history">
              {item.history.map((decision) => (
                <li key={decision.decisionId}>
                  <DecisionSummary decision={decision} />
                </li>
              ))}
            </ul>
          </>
        )}
        <h3>Decision</h3>
        <DecisionForm item={item} />
      </article>
    </li>
  );
}

function QueueScreen() {
  const dispatch = useAppDispatch();
  const { queue } = useAppSelector(selectModeration);
  if (queue.status === 'failed')
    return (
      <div className="rw-alert rw-alert--error" role="alert">
        {queue.error}{' '}
        <button type="button" className="link-button" onClick={() => dispatch(queueRequested())}>
          Try again
        </button>
      </div>
    );
  if (queue.status !== 'loaded' && queue.items.length === 0)
    return <Spinner label="Loading the queue..." />;
  if (queue.items.length === 0)
    return (
      <div className="rw-empty">
        <h2>No open cases</h2>
        <p className="rw-muted">Every report has been decided.</p>
      </div>
    );
  return (
    <ol className="rw-case-list" aria-label="Open cases, oldest first">
      {queue.items.map((item) => (
        <CaseCard key={item.caseId} item={item} />
      ))}
    </ol>
  );
}

function AppealCard({ decision, uid }: { decision: DecisionView; uid: string | null }) {
  const dispatch = useAppDispatch();
  const acting = useAppSelector(selectModeration).acting[decision.decisionId];
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const own = uid !== null && decision.moderatorId === uid;
  const decide = (outcome: 'upheld' | 'reversed') => {
    const found = appealAnswerProblem(text);
    setProblem(found);
    if (!found)
      dispatch(
        appealDecided({ decisionId: decision.decisionId, body: { outcome, text: text.trim() } }),
      );
  };
  return (
    <li>
      <article className="rw-card rw-case" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="visually-hidden">
          Appeal about {decision.targetPreview.title || decision.targetPreview.name || 'a decision'}
        </h2>
        <TargetPreview target={decision.target} preview={decision.targetPreview} />
        <h3>Decision</h3>
        <DecisionSummary decision={decision} />
        <h3>Appeal</h3>
        <p className="rw-muted">{formatMoment(decision.appeal?.appealedAt)}</p>
        <p className="rw-case__text">{decision.appeal?.text}</p>
        {own ? (
          <p className="rw-alert rw-alert--info" role="note">
            You made this decision: another moderator must decide the appeal
          </p>
        ) : (
          <form className="rw-form" onSubmit={(event) => event.preventDefault()} noValidate>
            <div className="rw-field">
              <label htmlFor={`${id}-text`}>Your answer to the member</label>
              <textarea
                id={`${id}-text`}
                rows={3}
                maxLength={1000}
                value={text}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-error` : undefined}
                onChange={(event) => {
                  setText(event.target.value);
                  setProblem(null);
                }}
              />
              {problem && (
                <span id={`${id}-error`} className="rw-field__error">
                  {problem}
                </span>
              )}
            </div>
            {acting?.error && (
              <p className="rw-alert rw-alert--error" role="alert">
                {acting.error}
              </p>
            )}
            <div className="rw-case__buttons">
              <button
                type="button"
                className="button button--secondary"
                disabled={acting?.busy}
                onClick={() => decide('upheld')}
              >
                Uphold
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={acting?.busy}
                onClick={() => decide('reversed')}
              >
                Reverse
              </button>
            </div>
          </form>
        )}
      </article>
    </li>
  );
}

function AppealsScreen() {
  const dispatch = useAppDispatch();
  const { appeals, uid } = useAppSelector(selectModeration);
  if (appeals.status === 'failed')
    return (
      <div className="rw-alert rw-alert--error" role="alert">
        {appeals.error}{' '}
        <button type="button" className="link-button" onClick={() => dispatch(appealsRequested())}>
          Try again
        </button>
      </div>
    );
  if (appeals.status !== 'loaded' && appeals.items.length === 0)
    return <Spinner label="Loading the appeals..." />;
  if (appeals.items.length === 0)
    return (
      <div className="rw-empty">
        <h2>No open appeals</h2>
        <p className="rw-muted">Every appeal has been decided.</p>
      </div>
    );
  return (
    <ol className="rw-case-list" aria-label="Open appeals, oldest first">
      {appeals.items.map((decision) => (
        <AppealCard key={decision.decisionId} decision={decision} uid={uid} />
      ))}
    </ol>
  );
}

export default function ModerationPage() {
  const dispatch = useAppDispatch();
  const { access, queue, appeals } = useAppSelector(selectModeration);
  const { pathname } = useLocation();
  useEffect(() => {
    dispatch(moderationOpened());
  }, [dispatch]);
  // Both lists, for the tabs' counts; read again on each tab, as other moderators decide too.
  useEffect(() => {
    if (access !== 'moderator') return;
    dispatch(queueRequested());
    dispatch(appealsRequested());
  }, [dispatch, access, pathname]);

  if (access === 'checking')
    return (
      <div className="rw-page container">
        <Spinner label="Checking your access..." />
      </div>
    );
  if (access === 'denied')
    return (
      <div className="rw-page container rw-moderation">
        <h1>Moderation</h1>
        <p role="alert">This page is for moderators.</p>
      </div>
    );
  const count = (n: number, status: string) => (status === 'loaded' ? ` (${n})` : '');
  return (
    <div className="rw-page container rw-moderation">
      <h1>Moderation</h1>
      <nav className="rw-moderation__nav" aria-label="Moderation sections">
        <NavLink
          to="/moderation"
          end
          className={({ isActive }) =>
            `rw-moderation__tab${isActive ? ' rw-moderation__tab--active' : ''}`
          }
        >
          Queue{count(queue.items.length, queue.status)}
        </NavLink>
        <NavLink
          to="/moderation/appeals"
          className={({ isActive }) =>
            `rw-moderation__tab${isActive ? ' rw-moderation__tab--active' : ''}`
          }
        >
          Appeals{count(appeals.items.length, appeals.status)}
        </NavLink>
      </nav>
      <Routes>
        <Route index element={<QueueScreen />} />
        <Route path="appeals" element={<AppealsScreen />} />
      </Routes>
    </div>
  );
}
