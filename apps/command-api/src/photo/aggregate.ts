import { aggregateOf } from '../shared/decider.ts';
import { photoDecider } from '@rewear/features/photo/decider';

/** A photo: its command handling, bound once (streams `photo-<id>`). */
export const photos = aggregateOf(photoDecider, 'photo');
