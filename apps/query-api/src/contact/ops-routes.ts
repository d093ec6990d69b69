/**
 * The operators' reads (docs/operations.md): under /api/ops, behind the operators' token
 * (`Authorization: Bearer <OPS_TOKEN>`, never a user's ID token). They are served where the
 * read models are kept, beside the projection endpoints: by the one-process server, and by the
 * projectors process of the distributed topology, where the router sends /api/ops.
 */
import Router from '@koa/router';
import {
  assertQueryWithinLimits,
  configuredOpsToken,
  errorHandler,
  koaPath,
  parseRouteInput,
  requireOpsToken,
  routeDeclarer,
  routeDocs,
  type ReadSide,
  type Route,
  type RouteDoc,
} from '@rewear/platform';
import { z } from 'zod';
import type { ContactMessageList } from '@rewear/contracts';
import { READ_MODELS, type ContactMessageDoc } from '@rewear/read-models';
import { wholeNumber } from '../shared/schemas.ts';

export interface OpsReadDeps {
  readSide: ReadSide;
}

type OpsReadRoute = Route<OpsReadDeps, unknown> & { doc: { method: 'get' } };
const defineRoute = routeDeclarer<OpsReadDeps, unknown, { doc: { method: 'get' } }>();

const OPERATOR_ANSWERS = {
  401: 'No operator token, or not the right one (a user’s ID token is not one)',
  403: 'Operator endpoints are disabled (no OPS_TOKEN on the server)',
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
        200: '{ messages: [{ messageId, topic, subject, message, email, name, userId, sentAt }] } (the newest `limit`, 50 by default)',
        ...OPERATOR_ANSWERS,
      },
    },
    async handle({ query, deps }): Promise<ContactMessageList> {
      const docs = await deps.readSide
        .collection<ContactMessageDoc>(READ_MODELS.contactMessages)
        .find({}, { sort: { sent_at: -1, _id: -1 }, limit: query.limit, readonly: true });
      return {
        messages: docs.map((doc) => ({
          messageId: doc._id,
          topic: doc.topic,
          subject: doc.subject,
          message: doc.message,
          email: doc.email,
          name: doc.name,
          userId: doc.user_id,
          sentAt: doc.sent_at,
        })),
      };
    },
  }),
];

/** The operators' reads' descriptions, for the OpenAPI document. */
export const opsReadRoutes: RouteDoc[] = routeDocs(opsReadRouteTable);

/**
 * The operators' reads on `readSide`, behind `token` (OPS_TOKEN by default; none: every request
 * with a token is 403, as on the other operator endpoints).
 */
export function createOpsReadRouter(
  readSide: ReadSide,
  options: { token?: string | null } = {},
): Router {
  const token = options.token === undefined ? configuredOpsToken() : options.token;
  const router = new Router();
  const deps: OpsReadDeps = { readSide };
  for (const route of opsReadRouteTable) {
    router.get(koaPath(route.doc.path), errorHandler(), requireOpsToken(token), async (ctx) => {
      assertQueryWithinLimits(ctx.querystring);
      ctx.body = await route.handle({ ...parseRouteInput(route.doc, ctx), ctx, deps });
    });
  }
  return router;
}
