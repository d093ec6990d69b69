/**
 * The operators' reads (docs/operations.md): under /api/ops, behind the operators' token
 * (`Authorization: Bearer <OPS_TOKEN>`) or the ID token of an account with an operator role
 * (operator or support). They are served where the
 * read models are kept, beside the projection endpoints: by the one-process server, and by the
 * projectors process of the distributed topology, where the router sends /api/ops.
 */
import { contactMessageListAnswer, disputeListAnswer } from '@rewear/contracts/answers';
import Router from '@koa/router';
import {
  assertQueryWithinLimits,
  configuredOpsToken,
  errorHandler,
  koaPath,
  parseRouteInput,
  requireOperator,
  routeDeclarer,
  routeDocs,
  type IdentityVerifier,
  type ReadSide,
  type Route,
  type RouteDoc,
} from '@rewear/platform';
import { z } from 'zod';
import type { ContactMessageList } from '@rewear/contracts';
import { latestContactMessages } from '@rewear/features/contact/queries';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { ShipmentDoc } from '@rewear/features/shipment/projection';
import { wholeNumber } from '../shared/schemas.ts';

export interface OpsReadDeps {
  readSide: ReadSide;
}

type OpsReadRoute = Route<OpsReadDeps, unknown> & { doc: { method: 'get' } };
const defineRoute = routeDeclarer<OpsReadDeps, unknown, { doc: { method: 'get' } }>();

const OPERATOR_ANSWERS = {
  401: 'No operator token, or not the right one',
  403: 'An account without an operator role (operator or support), or operator endpoints disabled (no OPS_TOKEN on the server)',
};

export const opsReadRouteTable: OpsReadRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/ops/contact-messages',
      summary:
        'Messages sent through the contact form (POST /api/contact), newest first, for the operators',
      tags: ['operations'],
      auth: 'operator',
      query: z.object({ limit: wholeNumber(1, 200).default(50) }),
      responses: {
        200: {
          description:
            '{ messages: [{ messageId, topic, subject, message, email, name, userId, sentAt }] } (the newest `limit`, 50 by default)',
          body: contactMessageListAnswer,
        },
        ...OPERATOR_ANSWERS,
      },
    },
    async handle({ query, deps }): Promise<ContactMessageList> {
      return latestContactMessages(deps.readSide, query.limit);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/ops/disputes',
      summary:
        'Disputed shipments waiting for an operator to settle them, oldest first (ids, amounts and the problem reported, no addresses)',
      tags: ['operations'],
      auth: 'operator',
      query: z.object({ limit: wholeNumber(1, 200).default(50) }),
      responses: {
        200: {
          description:
            '{ disputes: [{ shipmentId, orderId, buyerId, sellerId, amountCents, items, openedAt, deliveredAt, problem }] }',
          body: disputeListAnswer,
        },
        ...OPERATOR_ANSWERS,
      },
    },
    async handle({ query, deps }): Promise<z.output<typeof disputeListAnswer>> {
      const docs = await deps.readSide
        .collection<ShipmentDoc>(READ_MODELS.shipments)
        .find(
          { status: 'disputed' },
          { sort: { opened_at: 1, _id: 1 }, limit: query.limit, readonly: true },
        );
      return {
        disputes: docs.map((doc) => ({
          shipmentId: doc._id,
          orderId: doc.order_id,
          buyerId: doc.buyer_id,
          sellerId: doc.seller_id,
          amountCents: doc.amount_cents,
          items: doc.items.map((item) => ({ title: item.title, quantity: item.quantity })),
          openedAt: doc.opened_at,
          deliveredAt: doc.delivered_at,
          problem: doc.problem
            ? {
                reason: doc.problem.reason,
                text: doc.problem.text,
                reportedAt: doc.problem.reported_at,
              }
            : null,
        })),
      };
    },
  }),
];

/** The operators' reads' descriptions, for the OpenAPI document. */
export const opsReadRoutes: RouteDoc[] = routeDocs(opsReadRouteTable);

/**
 * The operators' reads on `readSide`, behind `token` (OPS_TOKEN by default; none: every request
 * with a token is 403, as on the other operator endpoints) and the ID tokens of accounts with an
 * operator role, which `identity` verifies.
 */
export function createOpsReadRouter(
  readSide: ReadSide,
  options: { token?: string | null; identity?: IdentityVerifier | null } = {},
): Router {
  const token = options.token === undefined ? configuredOpsToken() : options.token;
  const router = new Router();
  const deps: OpsReadDeps = { readSide };
  for (const route of opsReadRouteTable) {
    router.get(
      koaPath(route.doc.path),
      errorHandler(),
      requireOperator({ token, identity: options.identity ?? null }),
      async (ctx) => {
        assertQueryWithinLimits(ctx.querystring);
        ctx.body = await route.handle({ ...parseRouteInput(route.doc, ctx), ctx, deps });
      },
    );
  }
  return router;
}
