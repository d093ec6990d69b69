import type { EnvelopeOf } from '@rewear/contracts';
import type { BrandDoc } from '@rewear/features/shared/read-models';

/** Brands are created once and never change; a redelivery writes the same document. */
export function projectBrand(
  _current: BrandDoc | null,
  event: EnvelopeOf<'BrandCreated'>,
): BrandDoc {
  return { _id: event.data.brandId, name: event.data.name, image: event.data.image };
}
