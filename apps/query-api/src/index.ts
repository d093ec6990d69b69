export {
  createQueryApi,
  queryRoutes,
  queryRouteTable,
  consistencyWait,
  DEFAULT_CONSISTENCY_WAIT_MS,
} from './app.ts';
export type { QueryApiDeps, QueryRoute } from './shared/route.ts';
export { searchQueryOfFilter, filterQuery } from './catalogue/routes.ts';
export { cartTotals } from './cart/routes.ts';
export { orderRows } from '@rewear/features/order/queries';
export { toProduct } from '@rewear/features/listing/queries';
export {
  createNotificationFeed,
  DEFAULT_LIVE_POLL_MS,
  type NotificationFeed,
} from './notifications/live-feed.ts';
export { NOTIFICATION_STREAM_PATH } from './notifications/stream.ts';
export { readNotifications } from '@rewear/features/notifications/queries';
export {
  createOpsReadRouter,
  opsReadRoutes,
  opsReadRouteTable,
  type OpsReadDeps,
} from './contact/ops-routes.ts';
