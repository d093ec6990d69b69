import { describe, expect, it } from 'vitest';
import reducer, {
  initialOpsState,
  LAG_WINDOW_MS,
  rebuildDone,
  rebuildProgressed,
  rebuildRequested,
  statusLoaded,
} from './opsSlice.ts';
import { formatDuration, timeLeft } from './screens.tsx';
import type { ProjectorStatus } from './api.ts';

const projector = (name: string, lag: number): ProjectorStatus => ({
  projector: name,
  generation: 1,
  checkpoint: { all: 10 - lag },
  position: 10 - lag,
  headPosition: 10,
  lag,
  deadLetters: 0,
  rebuilding: null,
});

describe('the operator console state', () => {
  it('keeps the total lag of the last minutes for the chart, and drops older samples', () => {
    let state = reducer(initialOpsState, statusLoaded({ list: [projector('a', 1)], at: 1_000 }));
    state = reducer(
      state,
      statusLoaded({ list: [projector('a', 2), projector('b', 3)], at: 2_000 }),
    );
    expect(state.projections.samples).toEqual([
      { at: 1_000, lag: 1 },
      { at: 2_000, lag: 5 },
    ]);
    state = reducer(state, statusLoaded({ list: [projector('a', 0)], at: 1_500 + LAG_WINDOW_MS }));
    expect(state.projections.samples).toEqual([
      { at: 2_000, lag: 5 },
      { at: 1_500 + LAG_WINDOW_MS, lag: 0 },
    ]);
  });

  it("follows a rebuild's progress, never backwards, to its end", () => {
    let state = reducer(initialOpsState, rebuildRequested({ projector: 'users', at: 0 }));
    state = reducer(state, rebuildProgressed({ position: 40, head: 100 }));
    state = reducer(state, rebuildProgressed({ position: 30, head: 100 }));
    expect(state.rebuild).toMatchObject({ status: 'running', position: 40, head: 100 });
    state = reducer(
      state,
      rebuildDone({
        projector: 'users',
        generation: 2,
        previousGeneration: 1,
        events: 100,
        durationMs: 900,
      }),
    );
    expect(state.rebuild).toMatchObject({ status: 'done', position: 100, head: 100 });
  });

  it('measures a replay from where it starts', () => {
    let state = reducer(
      initialOpsState,
      rebuildRequested({ projector: 'users', at: 0, fromPosition: 51 }),
    );
    expect(state.rebuild).toMatchObject({ kind: 'replay', from: 50, position: 50 });
    state = reducer(
      state,
      rebuildDone({
        projector: 'users',
        generation: 1,
        fromPosition: 51,
        events: 30,
        durationMs: 5,
      }),
    );
    expect(state.rebuild).toMatchObject({ status: 'done', position: 80, head: 80 });
  });
});

describe('time left of a rebuild', () => {
  it('is unknown until it moved, then what is left at the pace so far', () => {
    expect(timeLeft(1_000, 0, 100)).toBeNull();
    expect(timeLeft(2_000, 25, 100)).toBe(6_000);
    expect(timeLeft(2_000, 100, 100)).toBe(0);
    expect(formatDuration(6_000)).toBe('6 s');
    expect(formatDuration(95_000)).toBe('1 min 35 s');
    expect(formatDuration(120)).toBe('120 ms');
  });
});
