/**
 * Whether someone is a member others can follow or block: someone registered, or (seeded
 * sellers, who never registered) someone with a listing: a look-up of the listings read model,
 * as a brand is found by name.
 */
import type { CommandServices } from '../shared/services.ts';
import { users } from './aggregate.ts';

export async function memberKnown(services: CommandServices, uid: string): Promise<boolean> {
  const { state } = await users.load(services.aggregates, uid);
  if (state.registered) return true;
  if (!services.readSide) return false;
  const listing = await services.readSide
    .collection('listings')
    .findOne({ seller_id: uid }, { readonly: true });
  return listing !== null;
}
