/**
 * The block between two members, read strongly: both members' blocks streams are folded from
 * the event store (not a read model), so a block refuses the very next command. Who blocked whom
 * is never said: the refusal reads the same from either side.
 */
import { forbidden } from '@rewear/platform';
import { blockedBetween } from '@rewear/features/blocks/domain';
import type { CommandServices } from '../shared/services.ts';
import { blockLists } from './aggregate.ts';

/** The neutral answer to a message or an offer between members in a block. */
export const NO_CONTACT = 'You can no longer contact this member';

/** Whether a block holds between `a` and `b`, whichever of them made it. */
export async function inBlock(services: CommandServices, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const [ofA, ofB] = await Promise.all([
    blockLists.load(services.aggregates, a),
    blockLists.load(services.aggregates, b),
  ]);
  return blockedBetween({ id: a, blocks: ofA.state }, { id: b, blocks: ofB.state });
}

/** Refuses (403, `message`) when a block holds between `a` and `b`; appends nothing. */
export async function refuseInBlock(
  services: CommandServices,
  a: string,
  b: string,
  message = NO_CONTACT,
): Promise<void> {
  if (await inBlock(services, a, b)) throw forbidden(message);
}
