import { expect } from 'vitest';
import type { DomainEvent } from '@rewear/contracts';
import { CommandRejected, fold, type Decider } from '../../src/shared/decider.ts';

export const NOW = new Date('2026-03-01T12:00:00.000Z');
export const context = (now = NOW) => {
  let n = 0;
  return { now, newId: () => `id-${++n}` };
};

/** given events / when command / then events (or a rejection). */
export function given<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, events: E[]) {
  return {
    when(command: C, now = NOW) {
      const run = () => decider.decide(command, fold(decider, events), context(now));
      return {
        then: (expected: E[]) => expect(run()).toEqual(expected),
        thenRejects(kind: CommandRejected['kind'], message?: string | RegExp) {
          try {
            run();
          } catch (err) {
            expect(err).toBeInstanceOf(CommandRejected);
            expect((err as CommandRejected).kind).toBe(kind);
            if (message) expect((err as CommandRejected).message).toMatch(message);
            return;
          }
          throw new Error('expected the command to be rejected');
        },
      };
    },
  };
}
