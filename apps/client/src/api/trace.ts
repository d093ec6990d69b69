/**
 * The browser's side of a trace (W3C `traceparent`): every command starts a trace of its own, and
 * the read that waits for that command's position (its consistency token) continues it, so the
 * command, the projections that applied it and the read that waited for them are one trace in the
 * backend (docs/operations.md, Traces). Ids only: random trace and span ids, nothing else.
 */

const hex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

/** A traceparent of the trace `traceId`, from a new span of the browser's (sampled). */
export const traceparentOf = (traceId: string) => `00-${traceId}-${hex(8)}-01`;

export const newTraceId = () => hex(16);

/** The trace of the commands that answered recent positions (the last few only). */
const traces = new Map<number, string>();
const KEPT = 16;

/** Remembers that the command of trace `traceId` answered `position`. */
export function rememberTrace(position: unknown, traceId: string): void {
  const value = typeof position === 'string' ? Number(position) : position;
  if (typeof value !== 'number' || !Number.isFinite(value)) return;
  traces.delete(value);
  traces.set(value, traceId);
  while (traces.size > KEPT) traces.delete(traces.keys().next().value!);
}

/** The traceparent for a read that waits for `position`: in its command's trace, if known. */
export function readTraceparent(position: number | null): string | undefined {
  const traceId = position === null ? undefined : traces.get(position);
  return traceId ? traceparentOf(traceId) : undefined;
}

export function resetTraces(): void {
  traces.clear();
}
