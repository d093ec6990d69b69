import { userRegisteredAnswer } from '@rewear/contracts/command-answers';
import { registerUserBody } from '@rewear/contracts';
import { requireSelf } from '@rewear/platform';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
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
];
