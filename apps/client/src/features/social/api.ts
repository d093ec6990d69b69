/** Follows, blocks and saved searches' endpoints (docs/product.md §14, §14.4). */
import type {
  BlockStatus,
  BlockedMembers,
  FollowStatus,
  FollowedListings,
  SaveSearchBody,
  SavedSearchView,
} from '@rewear/contracts';
import type { Api, RequestOptions } from '../../api/http.ts';

const followPath = (sellerId: string) => `/api/sellers/${encodeURIComponent(sellerId)}/follow`;
const blockPath = (memberId: string) => `/api/members/${encodeURIComponent(memberId)}/block`;
const savedSearchPath = (id: string) => `/api/saved-searches/${encodeURIComponent(id)}`;

export function socialApi(http: Api) {
  return {
    /** Public: the follower count, and whether the signed-in caller follows. */
    followStatus: (sellerId: string) => http.get<FollowStatus>(followPath(sellerId)),
    follow: (sellerId: string, options?: RequestOptions) =>
      http.post<{ sellerId: string; following: true }>(followPath(sellerId), undefined, options),
    unfollow: (sellerId: string, options?: RequestOptions) =>
      http.del<{ sellerId: string; following: false }>(followPath(sellerId), undefined, options),
    /** The newest listings of the sellers the signed-in user follows. */
    followedListings: () => http.get<FollowedListings>('/api/follows/listings?limit=12'),
    /** Whether the signed-in caller blocks a member (never whether the member blocks them). */
    blockStatus: (memberId: string) => http.get<BlockStatus>(blockPath(memberId)),
    block: (memberId: string, options?: RequestOptions) =>
      http.post<{ memberId: string; blocked: true }>(blockPath(memberId), undefined, options),
    unblock: (memberId: string, options?: RequestOptions) =>
      http.del<{ memberId: string; blocked: false }>(blockPath(memberId), undefined, options),
    /** The members the signed-in caller blocks, most recently blocked first. */
    blockedMembers: () => http.get<BlockedMembers>('/api/blocks'),
    savedSearches: () => http.get<SavedSearchView[]>('/api/saved-searches'),
    saveSearch: (body: SaveSearchBody, options?: RequestOptions) =>
      http.post<{ id: string; name: string }>('/api/saved-searches', body, options),
    markSearchOpened: (id: string, options?: RequestOptions) =>
      http.post<{ id: string }>(`${savedSearchPath(id)}/opened`, undefined, options),
    deleteSearch: (id: string, options?: RequestOptions) =>
      http.del<{ id: string }>(savedSearchPath(id), undefined, options),
  };
}

export type SocialApi = ReturnType<typeof socialApi>;
