/**
 * A user's query face: the names users are shown by, for the views that name other users
 * (conversations, sellers, reviews).
 */
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { UserDoc } from './projection.ts';

/** Display names by uid, in one read. */
export async function namesOf(side: ReadSide, uids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(uids)];
  if (unique.length === 0) return new Map();
  const users = await side
    .collection<UserDoc>(READ_MODELS.users)
    .find({ _id: { $in: unique } }, { readonly: true });
  return new Map(users.map((u) => [u._id, u.display_name]));
}
