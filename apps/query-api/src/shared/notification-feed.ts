/**
 * The live notification feed as the routes hold it (QueryApiDeps.live): declared here, made by
 * notifications/live-feed.ts, so that the shared route types import no feature folder.
 */
import type { NotificationView } from '@rewear/contracts';

export interface NotificationFeed {
  readonly pollMs: number;
  /**
   * Sends `deliver` each notification of `uid` that later appears and is not in `known`
   * (oldest first); `end` is called when the feed closes. Returns the unsubscribe.
   */
  subscribe(
    uid: string,
    known: Set<string>,
    deliver: (notifications: NotificationView[]) => void,
    end: () => void,
  ): () => void;
  /**
   * Takes one of `uid`'s `limit` places for a stream, when one is free, before the stream does
   * anything that waits: a place is taken from this call until its release, so streams opened
   * at the same moment cannot all pass the check. Returns the release (calling it again does
   * nothing), or null when `limit` places are taken.
   */
  reserve(uid: string, limit: number): (() => void) | null;
  /** How many streams are open or opening (places taken), in all or of one user. */
  size(uid?: string): number;
  /** Ends every stream and stops polling (the server is shutting down). */
  close(): void;
}
