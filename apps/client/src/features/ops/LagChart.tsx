/** The projections' total lag over the last minutes, as a small inline SVG line. */
import { LAG_WINDOW_MS, type LagSample } from './opsSlice.ts';

const WIDTH = 560;
const HEIGHT = 72;
const PAD = 4;

export default function LagChart({ samples, now }: { samples: LagSample[]; now: number }) {
  const latest = samples.at(-1)?.lag ?? 0;
  const peak = samples.reduce((max, s) => Math.max(max, s.lag), 0);
  const top = Math.max(peak, 1);
  // The window fills as samples arrive: at first the last minute, at most the last 5.
  const start = Math.max(now - LAG_WINDOW_MS, Math.min(now - 60_000, samples[0]?.at ?? now));
  const span = Math.max(now - start, 1);
  const x = (at: number) => PAD + ((at - start) / span) * (WIDTH - 2 * PAD);
  const y = (lag: number) => HEIGHT - PAD - (lag / top) * (HEIGHT - 2 * PAD);
  const points = samples.map((s) => `${x(s.at).toFixed(1)},${y(s.lag).toFixed(1)}`).join(' ');
  const label = `Events waiting, all projectors, over the last ${LAG_WINDOW_MS / 60_000} minutes: ${latest} now, at most ${peak}`;
  return (
    <figure className="rw-ops__chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label={label}
        preserveAspectRatio="none"
      >
        <line x1={PAD} x2={WIDTH - PAD} y1={y(0)} y2={y(0)} className="rw-ops__chart-axis" />
        {samples.length > 1 ? (
          <polyline points={points} className="rw-ops__chart-line" />
        ) : samples.length === 1 ? (
          <circle
            cx={x(samples[0]!.at)}
            cy={y(samples[0]!.lag)}
            r={3}
            className="rw-ops__chart-dot"
          />
        ) : null}
      </svg>
      <figcaption className="rw-muted">
        Lag over the last {LAG_WINDOW_MS / 60_000} minutes: {latest} now, peak {peak}
      </figcaption>
    </figure>
  );
}
