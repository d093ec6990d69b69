import { DEFAULT_RATE_LIMITS, parseRateRules, type RateLimits } from './http/rate-limits.ts';

/**
 * Configuration from the environment. Which engine stands behind each port is decided here
 * and nowhere else: a variable set means the distributed engine, unset means the embedded one.
 */
export interface Config {
  port: number;
  /** Folder for the embedded engines' files (SQLite event log, payment simulator). */
  dataDir: string;
  kafkaBrokers: string[] | null;
  mongodbUri: string | null;
  mongodbDatabase: string;
  /**
   * Keeps one deployment's Kafka topics and Meilisearch indexes apart from others' on the same
   * servers (see PlatformOptions.namespace); null: the defaults (`rewear.<aggregate>`).
   */
  namespace: string | null;
  meiliUrl: string | null;
  meiliApiKey: string | null;
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator, null for real Firebase Authentication. */
  firebaseAuthEmulatorHost: string | null;
  stripeSecretKey: string | null;
  /** Base URL of a Stripe-compatible API (stripe-mock in tests); null for api.stripe.com. */
  stripeApiBase: string | null;
  stripeWebhookSecret: string | null;
  /** How long an unpaid order holds its stock. */
  reservationTtlMs: number;
  /** Seed the catalogue on first start (embedded default). */
  seedOnFirstStart: boolean;
  seedListings: number;
  /**
   * Requests to command routes per client address and per user (RATE_LIMIT_PER_ADDRESS,
   * RATE_LIMIT_PER_USER: `<requests>/<window>,...`, e.g. `60/10s,1200/1h`; `off`), and per
   * user on offers and messages (RATE_LIMIT_OFFERS, RATE_LIMIT_MESSAGES, the same form).
   */
  rateLimits: RateLimits;
  /**
   * Longest a client may take to send one whole request, headers and body; a slower one is
   * answered 408 and its connection closed, so a trickling client cannot hold the server.
   * Headers must arrive within the shorter of this and 10 s. 0: no limit.
   */
  requestTimeoutMs: number;
  /**
   * How often query-api reads the notifications of the users with a live stream open on it
   * (LIVE_NOTIFICATIONS_POLL_MS, docs/product.md §11.7).
   */
  liveNotificationsPollMs: number;
  /**
   * Metrics at GET /metrics (for the operators' token) and the counting behind them (METRICS;
   * `off` or `false` turns both off, to measure their cost).
   */
  metrics: boolean;
}

const list = (value: string | undefined) =>
  value && value.trim()
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : null;
const text = (value: string | undefined) => (value && value.trim() ? value.trim() : null);
const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 8080),
    dataDir: text(env.DATA_DIR) ?? 'data',
    kafkaBrokers: list(env.KAFKA_BROKERS),
    mongodbUri: text(env.MONGODB_URI),
    mongodbDatabase: text(env.MONGODB_DATABASE) ?? 'rewear',
    namespace: text(env.REWEAR_NAMESPACE),
    meiliUrl: text(env.MEILI_URL),
    meiliApiKey: text(env.MEILI_MASTER_KEY),
    firebaseProjectId: text(env.FIREBASE_PROJECT_ID) ?? 'demo-marketplace',
    firebaseAuthEmulatorHost: text(env.FIREBASE_AUTH_EMULATOR_HOST),
    stripeSecretKey: text(env.STRIPE_SECRET_KEY),
    stripeApiBase: text(env.STRIPE_API_BASE),
    stripeWebhookSecret: text(env.STRIPE_WEBHOOK_SECRET),
    reservationTtlMs: int(env.RESERVATION_TTL_MS, 15 * 60 * 1000),
    seedOnFirstStart: env.SEED_ON_FIRST_START !== 'false',
    seedListings: int(env.SEED_LISTINGS, 2000),
    rateLimits: {
      perAddress: parseRateRules(env.RATE_LIMIT_PER_ADDRESS, DEFAULT_RATE_LIMITS.perAddress),
      perUser: parseRateRules(env.RATE_LIMIT_PER_USER, DEFAULT_RATE_LIMITS.perUser),
      perUserScoped: {
        offers: parseRateRules(env.RATE_LIMIT_OFFERS, DEFAULT_RATE_LIMITS.perUserScoped!.offers!),
        messages: parseRateRules(
          env.RATE_LIMIT_MESSAGES,
          DEFAULT_RATE_LIMITS.perUserScoped!.messages!,
        ),
        reports: parseRateRules(
          env.RATE_LIMIT_REPORTS,
          DEFAULT_RATE_LIMITS.perUserScoped!.reports!,
        ),
      },
    },
    requestTimeoutMs: int(env.HTTP_REQUEST_TIMEOUT_MS, 30_000),
    liveNotificationsPollMs: int(env.LIVE_NOTIFICATIONS_POLL_MS, 200),
    metrics: !['off', 'false'].includes(env.METRICS?.trim().toLowerCase() ?? ''),
  };
}
