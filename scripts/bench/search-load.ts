/**
 * The load generator of `bench:search`, in a process of its own (pinned to its own core by the
 * parent when it can): runs one scenario against one target per message from its parent and
 * answers with what it measured. A target is a storefront server (its query-api routes) or
 * Meilisearch itself (its search endpoint, sent what the Meilisearch adapter would send).
 */
import { meiliSearchRequest } from '@rewear/meilisearch';
import { createHttpClient, runLoad, type Answer, type LoadResult } from './load-client.ts';
import { scenarioRequests, type BenchRequest, type Scenario } from './search-queries.ts';

export type LoadTarget =
  { kind: 'api'; base: string } | { kind: 'meili'; base: string; index: string; apiKey: string };

export interface RunMessage {
  kind: 'run';
  id: number;
  name: string;
  scenario: Scenario;
  target: LoadTarget;
  listings: number;
  timed: number;
  warmUp: number;
  concurrency: number;
  maxMs: number;
}

export type LoadReply =
  { kind: 'result'; id: number; result: LoadResult } | { kind: 'log'; line: string };

const send = (reply: LoadReply) => process.send!(reply);

async function run(message: RunMessage): Promise<LoadResult> {
  const { timed, warmUp } = scenarioRequests(
    message.scenario,
    message.listings,
    message.timed,
    message.warmUp,
  );
  const client = createHttpClient(message.concurrency);
  const { target } = message;
  const ask = (request: BenchRequest): Promise<Answer> =>
    target.kind === 'api'
      ? client.request(target.base, 'GET', request.api)
      : client.request(
          target.base,
          'POST',
          `/indexes/${target.index}/search`,
          meiliSearchRequest(request.search),
          target.apiKey,
        );
  const perClient = Math.ceil(warmUp.length / message.concurrency);
  try {
    return await runLoad(
      message.name,
      {
        concurrency: message.concurrency,
        maxRequests: timed.length,
        maxMs: message.maxMs,
        warmUp: perClient,
        log: (line) => send({ kind: 'log', line }),
      },
      // warm-up requests come with negative indexes
      (_, i) => ask(i < 0 ? warmUp[(-1 - i) % warmUp.length]! : timed[i]!),
      (answer) => answer.status === 200,
    );
  } finally {
    client.destroy();
  }
}

process.on('message', (message: RunMessage) => {
  run(message).then(
    (result) => send({ kind: 'result', id: message.id, result }),
    (err: unknown) => {
      send({ kind: 'log', line: `[bench] ${message.name}: ${(err as Error).stack}` });
      process.exit(1);
    },
  );
});
process.on('disconnect', () => process.exit(0));
