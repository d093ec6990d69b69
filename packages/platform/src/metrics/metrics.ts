/**
 * The services' metrics, in the Prometheus exposition format (prom-client): one registry per
 * stack, never prom-client's global one, so several stacks in one process (the suites) keep
 * theirs apart. Counters and histograms the request path moves are here; what is read from a
 * running part at scrape time (projections, Kafka consumers, the outbox, open streams) is
 * registered on the same registry by `collect()` callbacks (./collectors.ts).
 *
 * No label carries personal data: routes are templates (`/api/products/:id`), commands their
 * route, events their type, limits their kind. No user id, address or raw URL.
 */
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const METRICS_PREFIX = 'rewear_';

/** Methods named as they are in a label; any other (the fuzzer sends odd ones) is 'other'. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const methodLabel = (method: string): string => {
  const upper = method.toUpperCase();
  return KNOWN_METHODS.has(upper) ? upper : 'other';
};

/** Why a command was refused (a 4xx), from its status: the kind of refusal, or the status class. */
export function refusalReason(status: number): string {
  switch (status) {
    case 400:
    case 422:
      return 'invalid';
    case 401:
      return 'unauthenticated';
    case 402:
      return 'payment_required';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 408:
      return 'timeout';
    case 409:
      return 'conflict';
    case 413:
      return 'too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    default:
      return `${Math.floor(status / 100)}xx`;
  }
}

/** What command-api reports of each command it answers. */
export interface CommandMetrics {
  /** A command route answered (`route`: its template) with `status`. */
  commandAnswered(method: string, route: string, status: number): void;
  /** A command route answered with the stored answer of a repeated Idempotency-Key. */
  idempotentReplay(method: string, route: string): void;
  /** A browser's Web Vital (POST /api/vitals): its name, the kind of page, rating and value. */
  webVitalReported?(name: string, page: string, rating: string, value: number): void;
}

export interface MetricsOptions {
  /** prom-client's Node.js metrics (event loop, GC, heap, CPU). Default true. */
  defaultMetrics?: boolean;
}

const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics implements CommandMetrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly accepted: Counter<'method' | 'route'>;
  private readonly refused: Counter<'method' | 'route' | 'reason'>;
  private readonly failed: Counter<'method' | 'route' | 'status'>;
  private readonly replays: Counter<'method' | 'route'>;
  private readonly appended: Counter<'type'>;
  private readonly rateLimitRefusals: Counter<'limit'>;
  private readonly searchDuration: Histogram<'engine' | 'index' | 'outcome'>;
  private readonly collectFailures: Counter<'source'>;
  private readonly webVitalSeconds: Histogram<'metric' | 'page'>;
  private readonly layoutShift: Histogram<'page'>;
  private readonly webVitalRatings: Counter<'metric' | 'page' | 'rating'>;

  constructor(options: MetricsOptions = {}) {
    const registers = [this.registry];
    if (options.defaultMetrics !== false)
      collectDefaultMetrics({ register: this.registry, prefix: METRICS_PREFIX });
    this.httpDuration = new Histogram({
      name: `${METRICS_PREFIX}http_request_duration_seconds`,
      help: 'Time to answer an HTTP request, until its answer is ready to send, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.accepted = new Counter({
      name: `${METRICS_PREFIX}commands_accepted_total`,
      help: 'Commands answered with a 2xx, by method and route template',
      labelNames: ['method', 'route'],
      registers,
    });
    this.refused = new Counter({
      name: `${METRICS_PREFIX}commands_refused_total`,
      help: 'Commands refused (a 4xx), by method, route template and reason',
      labelNames: ['method', 'route', 'reason'],
      registers,
    });
    this.failed = new Counter({
      name: `${METRICS_PREFIX}commands_failed_total`,
      help: 'Commands that failed on the server side (a 5xx: 503 while an engine is out of reach), by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.replays = new Counter({
      name: `${METRICS_PREFIX}idempotent_replays_total`,
      help: 'Commands answered with the stored answer of a repeated Idempotency-Key, by method and route template',
      labelNames: ['method', 'route'],
      registers,
    });
    this.appended = new Counter({
      name: `${METRICS_PREFIX}events_appended_total`,
      help: 'Events appended to the event store by this process (commands, sweepers, operators), by event type',
      labelNames: ['type'],
      registers,
    });
    this.rateLimitRefusals = new Counter({
      name: `${METRICS_PREFIX}rate_limit_refusals_total`,
      help: 'Requests answered 429 by the rate limits, by the limit they were over (address, user, or a route scope)',
      labelNames: ['limit'],
      registers,
    });
    this.searchDuration = new Histogram({
      name: `${METRICS_PREFIX}search_request_duration_seconds`,
      help: 'Searches query-api asked of the search engine, by engine, index and outcome',
      labelNames: ['engine', 'index', 'outcome'],
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.collectFailures = new Counter({
      name: `${METRICS_PREFIX}metrics_collect_failures_total`,
      help: 'Scrapes in which a source of metrics read at scrape time could not be read (its series are left out of that scrape)',
      labelNames: ['source'],
      registers,
    });
    // What shoppers' browsers measure (web-vitals), by kind of page: a regression in the field
    // shows here before anyone runs Lighthouse.
    this.webVitalSeconds = new Histogram({
      name: `${METRICS_PREFIX}web_vital_seconds`,
      help: 'Web Vitals timings browsers reported (LCP, FCP, INP, TTFB), by metric and kind of page',
      labelNames: ['metric', 'page'],
      buckets: [0.05, 0.1, 0.2, 0.5, 0.8, 1, 1.8, 2.5, 3, 4, 6, 10],
      registers,
    });
    this.layoutShift = new Histogram({
      name: `${METRICS_PREFIX}web_vital_cls`,
      help: 'Cumulative layout shift browsers reported, by kind of page',
      labelNames: ['page'],
      buckets: [0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    });
    this.webVitalRatings = new Counter({
      name: `${METRICS_PREFIX}web_vitals_total`,
      help: 'Web Vitals browsers reported, by metric, kind of page and rating (good, needs-improvement, poor)',
      labelNames: ['metric', 'page', 'rating'],
      registers,
    });
  }

  /** The exposition text of every metric, and its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  observeHttp(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe(
      { method: methodLabel(method), route, status: String(status) },
      seconds,
    );
  }

  commandAnswered(method: string, route: string, status: number): void {
    const labels = { method: methodLabel(method), route };
    if (status < 400) this.accepted.inc(labels);
    else if (status < 500) this.refused.inc({ ...labels, reason: refusalReason(status) });
    else this.failed.inc({ ...labels, status: String(status) });
  }

  idempotentReplay(method: string, route: string): void {
    this.replays.inc({ method: methodLabel(method), route });
  }

  eventsAppended(events: ReadonlyArray<{ type: string }>): void {
    for (const event of events) this.appended.inc({ type: event.type });
  }

  rateLimited(limits: readonly string[]): void {
    for (const limit of limits) this.rateLimitRefusals.inc({ limit });
  }

  observeSearch(engine: string, index: string, seconds: number, ok: boolean): void {
    this.searchDuration.observe({ engine, index, outcome: ok ? 'ok' : 'error' }, seconds);
  }

  webVitalReported(name: string, page: string, rating: string, value: number): void {
    this.webVitalRatings.inc({ metric: name, page, rating });
    if (name === 'CLS') this.layoutShift.observe({ page }, value);
    else this.webVitalSeconds.observe({ metric: name, page }, value / 1000);
  }

  /** A source read at scrape time failed; its series are left out of this scrape. */
  collectFailed(source: string): void {
    this.collectFailures.inc({ source });
  }
}

export const createMetrics = (options: MetricsOptions = {}) => new Metrics(options);
