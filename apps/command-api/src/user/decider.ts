import type { EventData, EventOf } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';

/** The events of a user stream. */
export type UserEvent = EventOf<'UserRegistered'>;

export interface UserState {
  registered: boolean;
  displayName: string | null;
}

export type UserCommand = { type: 'RegisterUser' } & EventData<'UserRegistered'>;

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ registered: false, displayName: null }),
  evolve: (state, event: UserEvent) =>
    event.type === 'UserRegistered'
      ? { registered: true, displayName: event.data.displayName }
      : state,
  decide: (command, state) => {
    if (state.registered) return reject('conflict', 'User already registered');
    const { type: _type, ...data } = command;
    return [{ type: 'UserRegistered', data }];
  },
};
