import { createHash } from 'node:crypto';
import type { EventOf } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';

/** The events of a brand stream. */
export type BrandEvent = EventOf<'BrandCreated'>;

export interface BrandState {
  exists: boolean;
  brandId: string;
  name: string;
  image: string | null;
}

export type BrandCommand =
  | { type: 'CreateBrand'; brandId: string; name: string; image: string | null }
  /** Creates the brand unless it exists; never refuses. */
  | { type: 'EnsureBrand'; brandId: string; name: string; image: string | null };

export const normaliseBrandName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Brands created by command have an id derived from the normalised name, so two racing
 * creations of the same name meet on one stream and only one wins.
 */
export const brandIdForName = (name: string) =>
  `br_${createHash('sha256').update(normaliseBrandName(name)).digest('hex').slice(0, 20)}`;

export const brandDecider: Decider<BrandState, BrandCommand, BrandEvent> = {
  initialState: () => ({ exists: false, brandId: '', name: '', image: null }),
  evolve: (state, event: BrandEvent) =>
    event.type === 'BrandCreated'
      ? {
          exists: true,
          brandId: event.data.brandId,
          name: event.data.name,
          image: event.data.image,
        }
      : state,
  decide: (command, state) => {
    if (state.exists)
      return command.type === 'EnsureBrand' ? [] : reject('conflict', 'Brand already exists');
    return [
      {
        type: 'BrandCreated',
        data: { brandId: command.brandId, name: command.name.trim(), image: command.image },
      },
    ];
  },
};
