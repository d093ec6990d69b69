import { aggregateOf } from '../shared/decider.ts';
import { blocksDecider } from '@rewear/features/blocks/decider';

/** A member's blocks: its command handling, bound once (streams `blocks-<id>`). */
export const blockLists = aggregateOf(blocksDecider, 'blocks');
