/** The brands read model, and the catalogue's job that keeps it and the listings' brand names. */
import type { EnvelopeOf } from '@rewear/contracts';
import { brandsOf, type BrandDoc } from './documents.ts';
import type { ListingWrites } from './writes.ts';

export type BrandEnvelope = EnvelopeOf<'BrandCreated'>;

/** Brands are created once and never change; a redelivery writes the same document. */
export function projectBrand(_current: BrandDoc | null, event: BrandEnvelope): BrandDoc {
  return { _id: event.data.brandId, name: event.data.name, image: event.data.image };
}

/** The catalogue's brands job: the brand's document, and its name onto its listings. */
export async function brandsJob(event: BrandEnvelope, writes: ListingWrites): Promise<void> {
  const brands = brandsOf(writes.target);
  const brand = projectBrand(
    await brands.findOne({ _id: event.data.brandId }, { readonly: true }),
    event,
  );
  await brands.put(brand);
  // Listings created before their brand was seen get its name now.
  const stale = await writes.staleForBrand(brand._id, brand.name);
  await writes.put(stale.map((doc) => ({ ...doc, brand_name: brand.name })));
}
