/**
 * A command refused because the account is suspended or banned (403 with details.status): the
 * server's message says until when, why, and where the notice is, so it is shown as it is.
 */
import { ApiError } from './http.ts';

export function standingRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const details = error.details as { status?: unknown } | null | undefined;
  return details?.status === 'suspended' || details?.status === 'banned' ? error.message : null;
}
