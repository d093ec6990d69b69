/**
 * A user's command face: stream `user-{uid}`. A user registers once; registering again is
 * refused. The state is the domain's (`./domain.ts`).
 */
import type { EventData } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import { evolveUser, initialUser, type UserEvent, type UserState } from './domain.ts';

export type { UserEvent, UserState } from './domain.ts';

export type UserCommand = { type: 'RegisterUser' } & EventData<'UserRegistered'>;

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: initialUser,
  evolve: evolveUser,
  decide: (command, state) => {
    if (state.registered) return reject('conflict', 'User already registered');
    const { type: _type, ...data } = command;
    return [{ type: 'UserRegistered', data }];
  },
};
