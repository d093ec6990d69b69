/**
 * A user's registration is folded once (src/user/domain.ts): the state the decider folds from a
 * user's stream and the document the projection keeps from the same events agree, the name
 * shown is the domain's (displayNameOf, the email standing in for a missing name), and the
 * query face reads that name back by the key the projection writes it under.
 */
import { describe, expect, it } from 'vitest';
import type { EventData } from '@rewear/contracts';
import { userDecider } from '@rewear/features/user/decider';
import { displayNameOf, USER_EVENTS, type UserEvent } from '@rewear/features/user/domain';
import {
  projectUser,
  usersProjector,
  type UserDoc,
  type UserEnvelope,
} from '@rewear/features/user/projection';
import { namesOf } from '@rewear/features/user/queries';
import { createMemoryReadModelStore, type ReadSide } from '@rewear/platform';
import { delivered } from './support/delivered.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (i: number) => new Date(T0 + i * 1000).toISOString();
const CONTEXT = { now: new Date(T0), newId: () => 'id' };

const registration = (data: Partial<EventData<'UserRegistered'>> = {}) => ({
  uid: 'u1',
  email: 'ann@example.com',
  displayName: 'Ann',
  photoUrl: null,
  ...data,
});
const registered = (data: Partial<EventData<'UserRegistered'>> = {}) => ({
  type: 'UserRegistered' as const,
  data: registration(data),
});
const deleted = (): UserEvent => ({
  type: 'AccountDeleted',
  data: { userId: 'u1', at: iso(5) },
});
const NOTHING_OPEN = { orders: [], shipments: [] };

const STREAMS: Array<[string, ReturnType<typeof registered>[]]> = [
  ['a registration', [registered()]],
  ['without a display name', [registered({ displayName: '' })]],
  ['with a photo', [registered({ photoUrl: 'https://example.com/ann.jpg' })]],
  ['a registration delivered twice', [registered(), registered()]],
];

describe('a user, the same on both sides', () => {
  it.each(STREAMS)('%s', (_, events) => {
    const envelopes = delivered<UserEnvelope>('user-u1', events, iso);
    let state = userDecider.initialState();
    let doc: UserDoc | null = null;
    envelopes.forEach((envelope, i) => {
      state = userDecider.evolve(state, events[i]!);
      doc = projectUser(doc, envelope);
      expect(state.registered, `after event ${i + 1}`).toBe(true);
      expect(state.displayName).toBe(events[i]!.data.displayName);
      expect(doc).toEqual({
        _id: 'u1',
        email: events[i]!.data.email,
        display_name: displayNameOf(events[i]!.data),
        photo_url: events[i]!.data.photoUrl,
        registered_at: iso(0),
      });
    });
  });

  it('erases a deleted account on both sides, a late registration changing nothing', () => {
    const events: UserEvent[] = [registered(), deleted(), registered()];
    const envelopes = delivered<UserEnvelope>('user-u1', events, iso);
    let state = userDecider.initialState();
    let doc: UserDoc | null = null;
    envelopes.forEach((envelope, i) => {
      state = userDecider.evolve(state, events[i]!);
      doc = projectUser(doc, envelope);
    });
    expect(state).toEqual({ registered: true, displayName: null, deleted: true });
    expect(doc).toEqual({
      _id: 'u1',
      email: 'erased@invalid.example',
      display_name: 'A former member',
      photo_url: null,
      registered_at: iso(0),
      deleted_at: iso(5),
    });
  });

  it('covers every user event', () => {
    const types = [...STREAMS, ['deleted', [deleted()]] as const].flatMap(([, events]) =>
      events.map((e) => e.type),
    );
    expect(new Set(types)).toEqual(new Set(USER_EVENTS));
  });

  it('shows the email when there is no display name', () => {
    expect(displayNameOf(registration({ displayName: '' }))).toBe('ann@example.com');
    expect(displayNameOf(registration())).toBe('Ann');
  });

  it('registers a user once', () => {
    const command = { type: 'RegisterUser' as const, ...registration() };
    const events = userDecider.decide(command, userDecider.initialState(), CONTEXT);
    expect(events).toEqual([registered()]);
    const state = events.reduce(userDecider.evolve, userDecider.initialState());
    expect(() => userDecider.decide(command, state, CONTEXT)).toThrow('User already registered');
  });

  it('given a registered member with nothing open, when they delete the account, then AccountDeleted', () => {
    const state = [registered() as UserEvent].reduce(
      userDecider.evolve,
      userDecider.initialState(),
    );
    const events = userDecider.decide(
      { type: 'DeleteAccount', userId: 'u1', open: NOTHING_OPEN },
      state,
      CONTEXT,
    );
    expect(events).toEqual([{ type: 'AccountDeleted', data: { userId: 'u1', at: iso(0) } }]);
  });

  it('given an open order or sale, when they delete the account, then 409 naming what is open', () => {
    const state = [registered() as UserEvent].reduce(
      userDecider.evolve,
      userDecider.initialState(),
    );
    const command = {
      type: 'DeleteAccount' as const,
      userId: 'u1',
      open: { orders: ['o1'], shipments: ['s1', 's2'] },
    };
    expect(() => userDecider.decide(command, state, CONTEXT)).toThrow(
      'You have an open order or sale: finish or cancel it before deleting your account (1 order(s) awaiting payment and 2 purchase(s) or sale(s) in progress)',
    );
    try {
      userDecider.decide(command, state, CONTEXT);
    } catch (err) {
      expect(err).toMatchObject({ kind: 'conflict', details: command.open });
    }
  });

  it('given a deleted account, deleting again records nothing and registering is refused', () => {
    const state = [registered() as UserEvent, deleted()].reduce(
      userDecider.evolve,
      userDecider.initialState(),
    );
    expect(
      userDecider.decide(
        { type: 'DeleteAccount', userId: 'u1', open: NOTHING_OPEN },
        state,
        CONTEXT,
      ),
    ).toEqual([]);
    expect(() =>
      userDecider.decide({ type: 'RegisterUser', ...registration() }, state, CONTEXT),
    ).toThrow('This account has been deleted');
  });

  it('reads the names back by the key the projection keeps them under', async () => {
    const store = createMemoryReadModelStore();
    const side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
    const streams: Array<[string, UserEvent[]]> = [
      ['user-u1', [registered()]],
      ['user-u2', [registered({ uid: 'u2', email: 'bob@example.com', displayName: '' })]],
    ];
    for (const [streamId, events] of streams)
      for (const envelope of delivered<UserEnvelope>(streamId, events, iso))
        await usersProjector.apply(envelope, side);
    expect(await namesOf(side, ['u1', 'u2', 'u1', 'u3'])).toEqual(
      new Map([
        ['u1', 'Ann'],
        ['u2', 'bob@example.com'],
      ]),
    );
    expect(await namesOf(side, [])).toEqual(new Map());
  });
});
