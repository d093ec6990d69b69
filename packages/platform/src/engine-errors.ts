/**
 * Which failures mean "an engine is out of reach for now" (MongoDB or the server speaking its
 * protocol, Meilisearch, Kafka) rather than "this request or event is wrong". Such a failure is
 * worth retrying: the HTTP edge answers 503 with a message a person understands, and the
 * projector runtime lets the bus deliver the batch again instead of dead-lettering its events.
 */

/** Error classes of the engines' clients that say the server did not answer. */
const UNREACHABLE_ERROR_NAMES = new Set([
  // mongodb
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  // meilisearch: a request that got no answer (an answer with an error is MeilisearchApiError)
  'MeilisearchRequestError',
  'MeilisearchRequestTimeOutError',
  // kafkajs
  'KafkaJSConnectionError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSRequestTimeoutError',
]);

/** Socket errors of Node.js that say the same when an engine is reached through fetch or net. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  // firebase-admin: the identity service (or its emulator) did not answer a token check
  'app/network-error',
]);

/** Raised by our own code when an engine is known to be unavailable. */
export class EngineUnavailableError extends Error {
  constructor(
    readonly engine: string,
    message = `${engine} is not reachable`,
  ) {
    super(message);
    this.name = 'EngineUnavailableError';
  }
}

/** True when `err` (or an error it was caused by) says an engine did not answer. */
export function isEngineUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { name, code } = e as { name?: unknown; code?: unknown };
    if (name === 'EngineUnavailableError') return true;
    if (typeof name === 'string' && UNREACHABLE_ERROR_NAMES.has(name)) return true;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
