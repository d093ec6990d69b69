import { aggregateOf } from '../shared/decider.ts';
import { photoDecider } from './decider.ts';

/** A photo: its command handling, bound once (streams `photo-<id>`). */
export const photos = aggregateOf(photoDecider, 'photo');
