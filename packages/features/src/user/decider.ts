/**
 * A user's command face: stream `user-{uid}`. A user registers once; registering again is
 * refused. A member deletes their account once, and only with no open order, purchase or sale
 * (the command carries what the read side knows is open); deleting it again records nothing. The state is the domain's
 * (`./domain.ts`).
 */
import type { EventData } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import {
  evolveUser,
  initialUser,
  openDealsText,
  type OpenDeals,
  type UserEvent,
  type UserState,
} from './domain.ts';

export type { UserEvent, UserState } from './domain.ts';

export type UserCommand =
  | ({ type: 'RegisterUser' } & EventData<'UserRegistered'>)
  | { type: 'DeleteAccount'; userId: string; open: OpenDeals };

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: initialUser,
  evolve: evolveUser,
  decide: (command, state, context) => {
    if (command.type === 'DeleteAccount') {
      // Deleting again records nothing more: a retry finishes what a failed request left.
      if (state.deleted) return [];
      if (command.open.orders.length > 0 || command.open.shipments.length > 0)
        return reject(
          'conflict',
          `You have an open order or sale: finish or cancel it before deleting your account (${openDealsText(command.open)})`,
          command.open,
        );
      return [
        {
          type: 'AccountDeleted',
          data: { userId: command.userId, at: context.now.toISOString() },
        },
      ];
    }
    if (state.deleted) return reject('conflict', 'This account has been deleted');
    if (state.registered) return reject('conflict', 'User already registered');
    const { type: _type, ...data } = command;
    return [{ type: 'UserRegistered', data }];
  },
};
