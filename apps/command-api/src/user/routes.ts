import { accountDeletedAnswer, userRegisteredAnswer } from '@rewear/contracts/command-answers';
import { deleteAccountBody, registerUserBody } from '@rewear/contracts';
import { HttpError, requireSelf } from '@rewear/platform';
import { sellerListings } from '@rewear/features/listing/queries';
import { openDealsOf } from '@rewear/features/user/queries';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { listings } from '../listing/aggregate.ts';
import { users } from './aggregate.ts';

export const userRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/users/register',
      summary: 'Registers the signed-in user (uid must be the token’s)',
      tags: ['users'],
      auth: 'user',
      body: registerUserBody,
      responses: {
        201: { description: '{ uid, position }', body: userRegisteredAnswer },
        403: 'uid is not the token’s',
        409: 'User already registered',
      },
    },
    async handle({ body, ctx, deps: services }) {
      requireSelf(ctx, body.uid);
      const outcome = await users.handle(services.envFor(ctx), body.uid, {
        type: 'RegisterUser',
        uid: body.uid,
        email: body.email,
        displayName: body.display_name?.trim() || body.email,
        photoUrl: body.photo_url ?? null,
      });
      return { status: 201, body: { uid: body.uid }, position: outcome.position };
    },
  }),
  defineRoute({
    doc: {
      method: 'delete',
      path: '/api/me',
      summary:
        'Deletes the signed-in member’s account: their listings are deleted, their personal data (name, email, addresses, message texts) erased everywhere, their sign-in removed',
      tags: ['users'],
      auth: 'user',
      body: deleteAccountBody,
      responses: {
        200: { description: '{ deleted, listingsDeleted, position }', body: accountDeletedAnswer },
        400: 'The confirmation is missing',
        409: 'An order, purchase or sale is still open (details name them), or the account is already deleted',
        503: 'Accounts cannot be deleted on this server',
      },
    },
    async handle({ user, ctx, deps: services }) {
      const { readSide, personalData } = services;
      if (!readSide || !personalData)
        throw new HttpError(503, 'Accounts cannot be deleted on this server');
      const env = services.envFor(ctx);
      // The member's deals as the read side knows them now; the decider refuses while any is open.
      const open = await openDealsOf(readSide, user.uid);
      const closed = await users.handle(env, user.uid, {
        type: 'DeleteAccount',
        userId: user.uid,
        open,
      });
      // The listings go as their seller would delete them; one already gone is skipped.
      let position = closed.position;
      let listingsDeleted = 0;
      for (const listing of await sellerListings(readSide, user.uid, { readonly: true })) {
        try {
          const outcome = await listings.handle(env, listing._id, {
            type: 'DeleteListing',
            actorId: user.uid,
          });
          position = Math.max(position, outcome.position);
          listingsDeleted += 1;
        } catch (err) {
          if ((err as { kind?: string }).kind !== 'not_found') throw err;
        }
      }
      // After the events: from here on the member's personal fields read as erased everywhere.
      await personalData.erase(user.uid);
      await services.identity.deleteAccount?.(user.uid);
      return { status: 200, body: { deleted: true, listingsDeleted }, position };
    },
  }),
];
