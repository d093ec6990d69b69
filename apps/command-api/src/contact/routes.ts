/** POST /api/contact: the contact form (docs/product.md §2.23), from a visitor or a signed-in user. */
import { contactMessageReceivedAnswer } from '@rewear/contracts/command-answers';
import { contactMessageBody } from '@rewear/contracts';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { replyAddressOf } from '@rewear/features/contact/decider';
import { contactMessages } from './aggregate.ts';

export const contactRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/contact',
      summary:
        'Sends the store a message (topic, subject, message; a visitor gives an email to be answered at, a signed-in user may, else their account’s is used). Operators read them at GET /api/ops/contact-messages',
      tags: ['contact'],
      auth: 'optional',
      body: contactMessageBody,
      responses: {
        201: {
          description:
            '{ messageId, message: "Thanks, we received your message. We will reply to {email}.", replyTo, position }',
          body: contactMessageReceivedAnswer,
        },
        400: 'A field out of its limits, with the reason; a visitor without an email: "Enter your email address, so we can reply"',
      },
    },
    async handle({ body, ctx, deps: services }) {
      const user = ctx.state.user;
      const messageId = services.newId();
      const command = {
        type: 'SendContactMessage' as const,
        messageId,
        topic: body.topic,
        subject: body.subject,
        message: body.message,
        email: body.email ?? null,
        name: body.name ?? null,
        sender: user ? { uid: user.uid, email: user.email, name: user.name } : null,
      };
      const outcome = await contactMessages.handle(services.envFor(ctx), messageId, command);
      const replyTo = replyAddressOf(command)!;
      return {
        status: 201,
        body: {
          messageId,
          message: `Thanks, we received your message. We will reply to ${replyTo}.`,
          replyTo,
        },
        position: outcome.position,
      };
    },
  }),
];
