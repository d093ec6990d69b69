/**
 * Real-user timing: the page's Web Vitals (the `web-vitals` library), sent once to POST
 * /api/vitals when the page is first hidden (the moment a phone's browser may end it), where they
 * are counted in the operators' metrics. The page goes as its kind (home, product, ...), never its
 * address. Loaded after the page has settled: the library reads buffered entries, so nothing of
 * the load is missed.
 */
import type { Metric } from 'web-vitals';
import { webVitalPageOf, type WebVitalName, type WebVitalPage } from '@rewear/contracts';

export const WEB_VITALS_ENDPOINT = '/api/vitals';

type Subscribe = (report: (metric: Metric) => void) => void;

export interface WebVitalsDeps {
  subscribers: Subscribe[];
  send: (url: string, body: Blob) => boolean;
  path: string;
  /** Where `visibilitychange` and `pagehide` are listened to. */
  target: Pick<Window, 'addEventListener'> & { document: Pick<Document, 'visibilityState'> };
}

interface Reported {
  name: WebVitalName;
  value: number;
  rating: Metric['rating'];
}

/** The report's body: the latest value of each metric. */
export function vitalsReport(page: WebVitalPage, latest: Map<string, Reported>) {
  return { page, metrics: [...latest.values()] };
}

export function startWebVitals(deps: WebVitalsDeps): void {
  const page = webVitalPageOf(deps.path);
  const latest = new Map<string, Reported>();
  const keep = (metric: Metric) => {
    // Each metric keeps its latest value (reportAllChanges sends every change).
    latest.set(metric.name, {
      name: metric.name,
      value: Math.max(0, metric.value),
      rating: metric.rating,
    });
  };
  for (const subscribe of deps.subscribers) subscribe(keep);

  let sent = false;
  const flush = () => {
    if (sent || latest.size === 0) return;
    if (deps.target.document.visibilityState !== 'hidden') return;
    sent = true;
    const body = JSON.stringify(vitalsReport(page, latest));
    deps.send(WEB_VITALS_ENDPOINT, new Blob([body], { type: 'application/json' }));
  };
  deps.target.addEventListener('visibilitychange', flush, { capture: true });
  deps.target.addEventListener('pagehide', flush, { capture: true });
}

/** In the browser: the library's reporters, with reportAllChanges so the latest value is kept. */
export async function reportWebVitals(): Promise<void> {
  if (typeof navigator.sendBeacon !== 'function') return;
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  const all = { reportAllChanges: true };
  startWebVitals({
    subscribers: [onCLS, onFCP, onINP, onLCP, onTTFB].map(
      (on) => (report: (metric: Metric) => void) => on(report, all),
    ),
    send: (url, body) => navigator.sendBeacon(url, body),
    path: window.location.pathname,
    target: window,
  });
}
