/**
 * The operator console's screens. Actions (rebuild, retry, skip, settle) appear to operators
 * only: support sees the same screens without them (the server refuses them too).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { formatPrice } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import LagChart from './LagChart.tsx';
import type { StreamEvent } from './api.ts';
import {
  auditRequested,
  deadLetterActed,
  deadLettersRequested,
  disputeHistoryRequested,
  disputesRequested,
  rebuildRequested,
  selectOps,
  settleRequested,
  STREAM_PAGE_SIZE,
  streamPageClosed,
  streamSearched,
  streamSearchedById,
} from './opsSlice.ts';

const time = (iso: string | number) => new Date(iso).toLocaleString('en-GB', { hour12: false });

function useCanAct(): boolean {
  return useAppSelector(selectOps).access.role === 'operator';
}

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function Failure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="rw-alert rw-alert--error" role="alert">
      {message}
    </div>
  );
}

/** Milliseconds, seconds, or minutes and seconds, for a duration or a time-left estimate. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(1, Math.round(ms))} ms`;
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** What is left of a rebuild from how far it got in how long: null until it has moved. */
export function timeLeft(elapsedMs: number, position: number, head: number): number | null {
  if (head <= 0 || position <= 0) return null;
  const done = Math.min(position / head, 1);
  return (elapsedMs * (1 - done)) / done;
}

function RebuildProgress() {
  const { rebuild } = useAppSelector(selectOps);
  const now = useNow(500);
  if (rebuild.status === 'idle') return null;
  const total = rebuild.head - rebuild.from;
  const done = rebuild.position - rebuild.from;
  const percent =
    rebuild.status === 'done' ? 100 : total > 0 ? Math.floor((100 * done) / total) : 0;
  const left =
    rebuild.status === 'running' && rebuild.startedAt !== null
      ? timeLeft(now - rebuild.startedAt, done, total)
      : null;
  const result = rebuild.result;
  const title =
    rebuild.kind === 'rebuild'
      ? `Rebuilding ${rebuild.projector}`
      : `Replaying ${rebuild.projector} from position ${rebuild.from + 1}`;
  return (
    <section className="rw-card rw-ops__rebuild" aria-labelledby="rebuild-title">
      <h2 id="rebuild-title">{title}</h2>
      <progress max={100} value={percent} aria-labelledby="rebuild-title" />
      <p role="status" className="rw-ops__rebuild-state">
        {rebuild.status === 'running'
          ? `${percent} % (${Math.max(0, done)} of ${total > 0 ? total : '…'} events)${
              left === null ? ', estimating the time left…' : `, about ${formatDuration(left)} left`
            }`
          : rebuild.status === 'done' && result
            ? rebuild.kind === 'rebuild'
              ? `Done: generation ${result.generation} of ${result.projector} is live (${result.events} events in ${formatDuration(result.durationMs)}).`
              : `Done: ${result.events} events replayed into generation ${result.generation} of ${result.projector} in ${formatDuration(result.durationMs)}.`
            : `The ${rebuild.kind} failed: ${rebuild.error}`}
      </p>
    </section>
  );
}

/** Re-applies the events from a position to a projector's live generation. */
function ReplayForm({ projectors }: { projectors: string[] }) {
  const dispatch = useAppDispatch();
  const running = useAppSelector(selectOps).rebuild.status === 'running';
  const [projector, setProjector] = useState('');
  const [from, setFrom] = useState('1');
  const chosen = projector || projectors[0] || '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fromPosition = Number(from);
    if (!chosen || !Number.isInteger(fromPosition) || fromPosition < 0) return;
    dispatch(rebuildRequested({ projector: chosen, at: Date.now(), fromPosition }));
  };
  return (
    <form className="rw-ops__search" onSubmit={submit} aria-label="Replay a projector">
      <div className="rw-field">
        <label htmlFor="ops-replay-projector">Replay projector</label>
        <select
          id="ops-replay-projector"
          value={chosen}
          onChange={(e) => setProjector(e.target.value)}
        >
          {projectors.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="rw-field">
        <label htmlFor="ops-replay-from">From position</label>
        <input
          id="ops-replay-from"
          type="number"
          min={0}
          step={1}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <button type="submit" className="button button--secondary" disabled={running}>
        Replay
      </button>
    </form>
  );
}

export function ProjectionsScreen() {
  const dispatch = useAppDispatch();
  const { projections, rebuild } = useAppSelector(selectOps);
  const canAct = useCanAct();
  const now = useNow(1000);
  const list = projections.list;
  return (
    <>
      <RebuildProgress />
      <section className="rw-card" aria-labelledby="projections-title">
        <div className="rw-ops__section-head">
          <h2 id="projections-title">Projections</h2>
          <span className="rw-muted">
            {projections.updatedAt
              ? `Updated ${time(projections.updatedAt)}, every 3 s`
              : 'Loading…'}
          </span>
        </div>
        <LagChart samples={projections.samples} now={now} />
        <Failure message={projections.error} />
        {canAct && list ? <ReplayForm projectors={list.map((p) => p.projector)} /> : null}
        {list ? (
          <div className="rw-ops__scroll">
            <table className="rw-ops__table">
              <caption className="visually-hidden">Projectors and how far they got</caption>
              <thead>
                <tr>
                  <th scope="col">Projector</th>
                  <th scope="col">Generation</th>
                  <th scope="col">Checkpoint</th>
                  <th scope="col">Head</th>
                  <th scope="col">Lag</th>
                  <th scope="col">Dead letters</th>
                  {canAct ? <th scope="col">Action</th> : null}
                </tr>
              </thead>
              <tbody>
                {list.map((p) => (
                  <tr key={p.projector} data-projector={p.projector}>
                    <th scope="row">{p.projector}</th>
                    <td>
                      {p.generation}
                      {p.rebuilding ? ` → ${p.rebuilding.generation}` : ''}
                    </td>
                    <td>{p.position}</td>
                    <td>{p.headPosition}</td>
                    <td className={p.lag > 0 ? 'rw-ops__lag' : undefined}>{p.lag}</td>
                    <td>{p.deadLetters}</td>
                    {canAct ? (
                      <td>
                        <button
                          type="button"
                          className="button button--small button--secondary"
                          disabled={rebuild.status === 'running'}
                          aria-label={`Rebuild ${p.projector}`}
                          onClick={() =>
                            dispatch(rebuildRequested({ projector: p.projector, at: Date.now() }))
                          }
                        >
                          Rebuild
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="rw-skeleton" style={{ height: 160 }} aria-busy="true" />
        )}
      </section>
    </>
  );
}

const ACTIONS: Record<string, string> = {
  ProjectionRebuilt: 'Rebuilt a projection',
  ProjectionReplayed: 'Replayed a projection',
  DeadLetterRetried: 'Retried a dead letter',
  DeadLetterSkipped: 'Skipped a dead letter',
  DisputeSettlementRecorded: 'Settled a dispute',
};

function who(event: StreamEvent): string {
  const data = event.data as { uid?: string; role?: string; operator?: string };
  return data.uid ? `${data.uid} (${data.role})` : `shared token: ${data.operator ?? 'operator'}`;
}

function what(event: StreamEvent): string {
  const d = event.data as Record<string, string | number | boolean | null | undefined>;
  switch (event.type) {
    case 'ProjectionRebuilt':
      return `${d.projector}: generation ${d.previousGeneration} → ${d.generation}, ${d.events} events`;
    case 'ProjectionReplayed':
      return `${d.projector} from position ${d.fromPosition}, ${d.events} events`;
    case 'DeadLetterRetried':
      return `${d.projector}: ${d.eventType} at ${d.position}, ${d.applied ? 'applied' : 'failed again'}`;
    case 'DeadLetterSkipped':
      return `${d.projector}: ${d.eventType} at ${d.position}`;
    case 'DisputeSettlementRecorded':
      return `shipment ${d.shipmentId} for the ${d.outcome} (${d.status})`;
    default:
      return '';
  }
}

/** A screen's heading, with the button that loads it again. */
function SectionHead({
  id,
  title,
  onRefresh,
}: {
  id: string;
  title: string;
  onRefresh: () => void;
}) {
  return (
    <div className="rw-ops__section-head">
      <h2 id={id}>{title}</h2>
      <button type="button" className="button button--small button--secondary" onClick={onRefresh}>
        Refresh
      </button>
    </div>
  );
}

export function AuditScreen() {
  const dispatch = useAppDispatch();
  const { audit } = useAppSelector(selectOps);
  useEffect(() => {
    dispatch(auditRequested());
  }, [dispatch]);
  return (
    <section className="rw-card" aria-labelledby="audit-title">
      <SectionHead
        id="audit-title"
        title="Audit log"
        onRefresh={() => dispatch(auditRequested())}
      />
      <Failure message={audit.error} />
      {audit.events === null ? (
        <div className="rw-skeleton" style={{ height: 120 }} aria-busy="true" />
      ) : audit.events.length === 0 ? (
        <p className="rw-muted">No operator actions yet.</p>
      ) : (
        <div className="rw-ops__scroll">
          <table className="rw-ops__table">
            <caption className="visually-hidden">Operator actions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {audit.events.map((event) => (
                <tr key={event.id}>
                  <td>{time(event.occurredAt)}</td>
                  <td>{who(event)}</td>
                  <td>{ACTIONS[event.type] ?? event.type}</td>
                  <td>{what(event)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function DeadLettersScreen() {
  const dispatch = useAppDispatch();
  const { deadLetters } = useAppSelector(selectOps);
  const canAct = useCanAct();
  useEffect(() => {
    dispatch(deadLettersRequested());
  }, [dispatch]);
  return (
    <section className="rw-card" aria-labelledby="dead-letters-title">
      <SectionHead
        id="dead-letters-title"
        title="Dead letters"
        onRefresh={() => dispatch(deadLettersRequested())}
      />
      <p className="rw-muted">
        Events a projector could not apply. Retry one once its cause is fixed, or skip it.
      </p>
      {deadLetters.notice ? (
        <p role="status" className="rw-alert rw-alert--success">
          {deadLetters.notice}
        </p>
      ) : null}
      <Failure message={deadLetters.error} />
      {deadLetters.list === null ? (
        <div className="rw-skeleton" style={{ height: 120 }} aria-busy="true" />
      ) : deadLetters.list.length === 0 ? (
        <p className="rw-muted">No dead letters.</p>
      ) : (
        <ul className="rw-ops__list">
          {deadLetters.list.map((letter) => (
            <li key={letter._id} className="rw-ops__item">
              <h3>
                {letter.projector}: {letter.type} at position {letter.position}
              </h3>
              <p className="rw-muted">
                Stream {letter.streamId}, generation {letter.generation}, failed{' '}
                {time(letter.failedAt)}
              </p>
              <pre className="rw-ops__error">{letter.error}</pre>
              <details>
                <summary>Event payload</summary>
                <pre className="rw-ops__payload">{JSON.stringify(letter.event.data, null, 2)}</pre>
              </details>
              {canAct ? (
                <div className="rw-ops__actions">
                  <button
                    type="button"
                    className="button button--small button--primary"
                    disabled={deadLetters.busy !== null}
                    aria-label={`Retry ${letter.type} at position ${letter.position} for ${letter.projector}`}
                    onClick={() => dispatch(deadLetterActed({ letter, action: 'retry' }))}
                  >
                    Retry
                  </button>
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    disabled={deadLetters.busy !== null}
                    aria-label={`Skip ${letter.type} at position ${letter.position} for ${letter.projector}`}
                    onClick={() => dispatch(deadLetterActed({ letter, action: 'skip' }))}
                  >
                    Skip
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EventList({ events }: { events: StreamEvent[] }) {
  return (
    <ol className="rw-ops__events">
      {events.map((event) => (
        <li key={event.id}>
          <details>
            <summary>
              <span className="rw-ops__version">#{event.streamVersion}</span> {event.type}
              <span className="rw-muted">
                {' '}
                · {time(event.occurredAt)} · by {event.actor ?? 'the system'}
              </span>
            </summary>
            <pre className="rw-ops__payload">{JSON.stringify(event.data, null, 2)}</pre>
          </details>
        </li>
      ))}
    </ol>
  );
}

export function StreamsScreen() {
  const dispatch = useAppDispatch();
  const { streams } = useAppSelector(selectOps);
  const [kind, setKind] = useState<'stream' | 'user'>('stream');
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text) return;
    if (kind === 'stream') dispatch(streamSearchedById());
    dispatch(
      streamSearched(kind === 'user' ? { kind, uid: text } : { kind, streamId: text, from: 1 }),
    );
  };
  const page = streams.page;
  const from = page?.from ?? 1;
  return (
    <section className="rw-card" aria-labelledby="streams-title">
      <h2 id="streams-title">Streams</h2>
      <form className="rw-ops__search" onSubmit={submit} role="search" aria-label="Find a stream">
        <div className="rw-field">
          <label htmlFor="ops-find-kind">Find by</label>
          <select
            id="ops-find-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as 'stream' | 'user')}
          >
            <option value="stream">Stream id</option>
            <option value="user">User id</option>
          </select>
        </div>
        <div className="rw-field rw-ops__search-text">
          <label htmlFor="ops-find-value">{kind === 'user' ? 'User id' : 'Stream id'}</label>
          <input
            id="ops-find-value"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder={kind === 'user' ? 'e.g. the uid of an account' : 'e.g. cart-3kd9x0aa1b2c'}
            autoComplete="off"
          />
        </div>
        <button type="submit" className="button button--primary" disabled={streams.loading}>
          Find
        </button>
      </form>
      <Failure message={streams.error} />
      {streams.user && !page ? (
        <div className="rw-ops__found">
          <h3>Streams of user {streams.user.user}</h3>
          <p className="rw-muted">
            Named after the user, and those they acted on in the last {streams.user.searchedEvents}{' '}
            events.
          </p>
          {streams.user.streams.length === 0 ? (
            <p>No streams found.</p>
          ) : (
            <ul className="rw-ops__list">
              {streams.user.streams.map((s) => (
                <li key={s.streamId}>
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    onClick={() =>
                      dispatch(streamSearched({ kind: 'stream', streamId: s.streamId, from: 1 }))
                    }
                  >
                    {s.streamId}
                  </button>{' '}
                  <span className="rw-muted">
                    {s.version} events, last {time(s.lastAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      {page ? (
        <div className="rw-ops__found">
          <h3>
            Stream {page.streamId}{' '}
            <span className="rw-muted">
              (events {from}–{Math.min(from + STREAM_PAGE_SIZE - 1, page.version)} of {page.version}
              )
            </span>
          </h3>
          <EventList events={page.events} />
          <nav className="rw-ops__pager" aria-label="Pages of the stream">
            {streams.user ? (
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => dispatch(streamPageClosed())}
              >
                Back to the streams of user {streams.user.user}
              </button>
            ) : null}
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={from <= 1 || streams.loading}
              onClick={() =>
                dispatch(
                  streamSearched({
                    kind: 'stream',
                    streamId: page.streamId,
                    from: Math.max(1, from - STREAM_PAGE_SIZE),
                  }),
                )
              }
            >
              Previous events
            </button>
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={from + STREAM_PAGE_SIZE > page.version || streams.loading}
              onClick={() =>
                dispatch(
                  streamSearched({
                    kind: 'stream',
                    streamId: page.streamId,
                    from: from + STREAM_PAGE_SIZE,
                  }),
                )
              }
            >
              Next events
            </button>
          </nav>
        </div>
      ) : null}
    </section>
  );
}

export function DisputesScreen() {
  const dispatch = useAppDispatch();
  const { disputes } = useAppSelector(selectOps);
  const canAct = useCanAct();
  useEffect(() => {
    dispatch(disputesRequested());
  }, [dispatch]);
  return (
    <section className="rw-card" aria-labelledby="disputes-title">
      <SectionHead
        id="disputes-title"
        title="Disputes waiting for a decision"
        onRefresh={() => dispatch(disputesRequested())}
      />
      {disputes.notice ? (
        <p role="status" className="rw-alert rw-alert--success">
          {disputes.notice}
        </p>
      ) : null}
      <Failure message={disputes.error} />
      {disputes.list === null ? (
        <div className="rw-skeleton" style={{ height: 120 }} aria-busy="true" />
      ) : disputes.list.length === 0 ? (
        <p className="rw-muted">No disputes are waiting.</p>
      ) : (
        <ul className="rw-ops__list">
          {disputes.list.map((d) => {
            const history = disputes.history[d.shipmentId];
            return (
              <li key={d.shipmentId} className="rw-ops__item" data-shipment={d.shipmentId}>
                <h3>Shipment {d.shipmentId}</h3>
                <dl className="rw-ops__facts">
                  <div>
                    <dt>Order</dt>
                    <dd>{d.orderId}</dd>
                  </div>
                  <div>
                    <dt>Buyer</dt>
                    <dd>{d.buyerId}</dd>
                  </div>
                  <div>
                    <dt>Seller</dt>
                    <dd>{d.sellerId}</dd>
                  </div>
                  <div>
                    <dt>Amount</dt>
                    <dd>{formatPrice(d.amountCents / 100)}</dd>
                  </div>
                  <div>
                    <dt>Items</dt>
                    <dd>{d.items.map((i) => `${i.title} × ${i.quantity}`).join(', ')}</dd>
                  </div>
                  {d.problem ? (
                    <div>
                      <dt>Problem reported</dt>
                      <dd>
                        {d.problem.reason.replace(/_/g, ' ')}: {d.problem.text}
                      </dd>
                    </div>
                  ) : null}
                </dl>
                {history ? (
                  <>
                    <h4>History of the shipment</h4>
                    <EventList events={history} />
                  </>
                ) : (
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    aria-label={`Show the history of shipment ${d.shipmentId}`}
                    onClick={() => dispatch(disputeHistoryRequested(d.shipmentId))}
                  >
                    Show history
                  </button>
                )}
                {canAct ? (
                  <div className="rw-ops__actions">
                    <button
                      type="button"
                      className="button button--small button--primary"
                      disabled={disputes.busy !== null}
                      onClick={() =>
                        dispatch(settleRequested({ shipmentId: d.shipmentId, outcome: 'buyer' }))
                      }
                    >
                      Settle for the buyer (refund)
                    </button>
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      disabled={disputes.busy !== null}
                      onClick={() =>
                        dispatch(settleRequested({ shipmentId: d.shipmentId, outcome: 'seller' }))
                      }
                    >
                      Settle for the seller (release the money)
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
