/**
 * In-app notifications (docs/product.md §11.6): each step of a shipment and each review tells
 * the other party. The query side lists them; marking them read is a command of its own.
 */
import { z } from 'zod';
import type * as answers from './answers.ts';

export const NOTIFICATION_KINDS = [
  'sale',
  'receipt_confirmed',
  'completed',
  'problem_reported',
  'cancelled',
  'shipped',
  'delivered',
  'return_accepted',
  'disputed',
  'dispute_settled',
  'refunded',
  'review_left',
  'saved_search_match',
  'price_drop',
  'offer_made',
  'offer_countered',
  'offer_accepted',
  'offer_declined',
  'offer_expired',
  'message',
  'payment_refunded',
  'report_outcome',
  'moderation_decision',
  'appeal_decided',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notification as its recipient reads it. */
export type NotificationView = z.output<typeof answers.notificationViewAnswer>;

/** GET /api/notifications: the signed-in user's, newest first. */
export type NotificationList = z.output<typeof answers.notificationListAnswer>;

// Body of POST /api/notifications/read: everything at or before `upTo` is read.
export const notificationsReadBody = z.object({
  upTo: z.iso.datetime({
    offset: true,
    error: 'upTo must be the time of the newest notification read (ISO-8601)',
  }),
});
export type NotificationsReadBody = z.infer<typeof notificationsReadBody>;
