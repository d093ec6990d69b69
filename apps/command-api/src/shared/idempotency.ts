/**
 * Answers remembered by `Idempotency-Key`: a retry with the same key (same caller, same route)
 * gets the first answer and appends nothing, whichever command-api process it reaches. The
 * records live behind the idempotency port (`IdempotencyStore` in @rewear/platform): in memory,
 * in a SQLite file in DATA_DIR (one process, or processes sharing the file), or in MongoDB (the
 * replicas of the distributed topology).
 */
import {
  HttpError,
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_TTL_MS,
  loggerFor,
  type IdempotencyStore,
  type StoredAnswer,
} from '@rewear/platform';

// The engines' stores (@rewear/sqlite, @rewear/mongodb) are chosen where the server is assembled.
export { createMemoryIdempotencyStore } from '@rewear/platform';
export { IDEMPOTENCY_TTL_MS, type IdempotencyStore, type StoredAnswer };

/** How long a request waits for another one with its key to finish before a 409. */
export const IDEMPOTENCY_WAIT_MS = 30_000;

export interface AnswerOnceOptions {
  /** Longest wait for a request holding the key (default 30 s). */
  waitMs?: number;
  /** How often a running claim is renewed (default a quarter of the store's default lease). */
  renewEveryMs?: number;
}

export const STILL_PROCESSING = 'A request with this Idempotency-Key is still being processed';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `run` once for `key` across every process sharing `store`: the first request to claim
 * the key runs it and stores its answer; the others wait for that answer (polling, 20 ms doubling
 * up to 500 ms) and get it too, or a 409 after `waitMs`. A claim is renewed while `run` works;
 * if the process dies, the claim's lease runs out and a waiting request takes the key over. An
 * unexpected error (one that is not an answer) releases the key, so a retry runs again.
 */
export async function answerOnce(
  store: IdempotencyStore,
  key: string,
  run: () => Promise<StoredAnswer>,
  options: AnswerOnceOptions = {},
): Promise<{ answer: StoredAnswer; replayed: boolean }> {
  const deadline = Date.now() + (options.waitMs ?? IDEMPOTENCY_WAIT_MS);
  let delay = 20;
  for (;;) {
    const claim = await store.claim(key);
    if (claim.outcome === 'answered') return { answer: claim.answer, replayed: true };
    if (claim.outcome === 'claimed') {
      return { answer: await runClaimed(store, key, claim.token, run, options), replayed: false };
    }
    const left = deadline - Date.now();
    if (left <= 0) throw new HttpError(409, `${STILL_PROCESSING}. Please try again shortly.`);
    await sleep(Math.min(delay, left));
    delay = Math.min(delay * 2, 500);
  }
}

async function runClaimed(
  store: IdempotencyStore,
  key: string,
  token: string,
  run: () => Promise<StoredAnswer>,
  options: AnswerOnceOptions,
): Promise<StoredAnswer> {
  // One call per token at a time: a renewal still under way is awaited before the last call.
  let renewal: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      renewal = renewal
        .then(() => store.renew(key, token))
        .then((held) => {
          if (!held)
            loggerFor('idempotency').warn(
              `[idempotency] the claim of ${key} was taken over while it ran`,
            );
        })
        .catch((err: unknown) =>
          loggerFor('idempotency').error({ err }, '[idempotency] renewing a claim failed'),
        );
    },
    options.renewEveryMs ?? IDEMPOTENCY_LEASE_MS / 4,
  );
  let answer: StoredAnswer;
  try {
    answer = await run();
  } catch (err) {
    clearInterval(timer);
    await renewal;
    await store
      .release(key, token)
      .catch((releaseErr: unknown) =>
        loggerFor('idempotency').error(
          { err: releaseErr },
          '[idempotency] releasing a claim failed',
        ),
      );
    throw err;
  }
  clearInterval(timer);
  await renewal;
  try {
    await store.complete(key, token, answer);
  } catch (err) {
    // The command is done; its caller still gets the answer. The claim's lease runs out, and a
    // retry after that runs the request again.
    loggerFor('idempotency').error({ err }, `[idempotency] storing the answer of ${key} failed`);
  }
  return answer;
}
