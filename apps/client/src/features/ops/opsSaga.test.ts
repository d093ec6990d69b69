import { describe, expect, it } from 'vitest';
import createSagaMiddleware from 'redux-saga';
import { configureStore } from '@reduxjs/toolkit';
import type { Api } from '../../api/http.ts';
import type { RebuildResult } from './api.ts';
import ops, { rebuildRequested } from './opsSlice.ts';
import { opsSaga } from './opsSaga.ts';

/** An answer the test gives when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

const result = (over: Partial<RebuildResult>): RebuildResult => ({
  projector: 'newsletter',
  generation: 2,
  previousGeneration: 1,
  fromPosition: 1,
  events: 10,
  durationMs: 5,
  ...over,
});

describe('the operator console, a rebuild then a replay', () => {
  it('sends a replay clicked while the reads after a rebuild are still out', async () => {
    const posted: string[] = [];
    // The status read after the rebuild stays unanswered: the machine is busy.
    const slowStatus = deferred<never>();
    const http: Api = {
      get: async <T>(path: string) => {
        if (path.endsWith('/status')) return slowStatus.promise as Promise<T>;
        return { streamId: 'operator-actions', version: 0, events: [] } as T;
      },
      post: async <T>(path: string) => {
        posted.push(path);
        return (path.endsWith('/rebuild') ? result({ fromPosition: undefined }) : result({})) as T;
      },
      put: async () => {
        throw new Error('unexpected');
      },
      del: async () => {
        throw new Error('unexpected');
      },
    };
    const sagas = createSagaMiddleware({ context: { api: http } });
    const store = configureStore({
      reducer: { ops },
      middleware: (g) => g({ thunk: false }).concat(sagas),
    });
    sagas.run(opsSaga);

    store.dispatch(rebuildRequested({ projector: 'newsletter', at: 1 }));
    await settle();
    expect(store.getState().ops.rebuild.status).toBe('done');

    store.dispatch(rebuildRequested({ projector: 'newsletter', at: 2, fromPosition: 1 }));
    await settle();
    expect(posted).toEqual(['/api/ops/rebuild', '/api/ops/replay']);
    expect(store.getState().ops.rebuild).toMatchObject({ status: 'done', kind: 'replay' });
  });
});
