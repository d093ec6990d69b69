/**
 * Crypto-shredding of members' personal data (docs/security.md, "Personal data and account
 * deletion"). The fields the contracts' registry names (PERSONAL_FIELDS) are encrypted with
 * their subject's key (AES-256-GCM, a random 32-byte key per member kept in a
 * PersonalDataVault, never in an event) when an event is appended, and decrypted when events
 * are read back or delivered. The stored data holds each such field's erased value, which its
 * schema accepts, and beside them the sealed values (`_sealed`); an event whose subject's key
 * is gone therefore reads as erased, in a replay and a rebuild too.
 *
 * `sealingEventStore` and `openingBus` wrap the engines' ports (createPlatform does), so every
 * event store and bus behaves alike and nothing else in the code sees ciphertext.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import {
  PERSONAL_FIELDS,
  type DomainEvent,
  type EventEnvelope,
  type PersonalFields,
} from '@rewear/contracts';
import type {
  DeliveredBatch,
  EventBus,
  EventStore,
  PersonalDataVault,
  SubscribeOptions,
} from '@rewear/ports';
import { checkAppend } from './outbox-envelope.ts';

/** Where the sealed values sit in a stored event's data: its subject and the ciphertext. */
export const SEALED_FIELD = '_sealed';
interface Sealed {
  /** The subject whose key seals the values. */
  s: string;
  /** base64 of IV (12 bytes) ‖ tag (16 bytes) ‖ ciphertext of the values' JSON array. */
  c: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/** A fresh random data key. */
export const newDataKey = (): Buffer => randomBytes(KEY_BYTES);

/** Encrypts a UTF-8 text with AES-256-GCM; the subject is bound as associated data. */
export function encryptText(key: Buffer, subject: string, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(subject, 'utf8'));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Decrypts what `encryptText` made; null when the key, subject or bytes do not match. */
export function decryptText(key: Buffer, subject: string, sealed: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(subject, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

type Data = Record<string, unknown>;

const fieldsOf = (type: string): PersonalFields | undefined =>
  (PERSONAL_FIELDS as Record<string, PersonalFields | undefined>)[type];

function getPath(data: Data, path: readonly string[]): unknown {
  let at: unknown = data;
  for (const key of path) at = (at as Data | null | undefined)?.[key];
  return at;
}

/** A copy of `data` with the value at `path` replaced (the objects on the way copied). */
function setPath(data: Data, path: readonly string[], value: unknown): Data {
  const [head, ...rest] = path;
  const inner = data[head!];
  if (rest.length === 0) return { ...data, [head!]: value };
  if (inner === null || typeof inner !== 'object') return data;
  return { ...data, [head!]: setPath(inner as Data, rest, value) };
}

/** The subject of an event's personal fields; null when it has none. */
export function subjectOf(type: string, data: unknown, actor: string | null): string | null {
  const entry = fieldsOf(type);
  if (!entry) return null;
  return (entry.subject as (d: unknown, a: string | null) => string | null)(data, actor);
}

/**
 * The stored form of an event's data: every personal field holds its erased value, and, when
 * the subject has a key, `_sealed` holds the real values encrypted. Without a key (an erased
 * subject) only the erased values are kept.
 */
export function sealData(type: string, data: Data, subject: string, key: Buffer | null): Data {
  const entry = fieldsOf(type);
  if (!entry) return data;
  const values = entry.fields.map((field) => getPath(data, field.path) ?? null);
  let out = data;
  for (const field of entry.fields) {
    if (getPath(data, field.path) !== undefined) out = setPath(out, field.path, field.erased);
  }
  if (!key) return out;
  const sealed: Sealed = { s: subject, c: encryptText(key, subject, JSON.stringify(values)) };
  return { ...out, [SEALED_FIELD]: sealed };
}

/** The data as appended, from its stored form; with no key (or one that fails) the erased values stay. */
export function openData(type: string, data: Data, key: Buffer | null): Data {
  const sealed = data[SEALED_FIELD] as Sealed | undefined;
  if (!sealed) return data;
  const { [SEALED_FIELD]: _dropped, ...rest } = data;
  const entry = fieldsOf(type);
  if (!entry || !key) return rest;
  const text = decryptText(key, sealed.s, sealed.c);
  if (text === null) return rest;
  const values = JSON.parse(text) as unknown[];
  let out: Data = rest;
  entry.fields.forEach((field, index) => {
    if (getPath(rest, field.path) !== undefined) out = setPath(out, field.path, values[index]);
  });
  return out;
}

const sealedSubject = (event: EventEnvelope): string | null =>
  ((event.data as Data)[SEALED_FIELD] as Sealed | undefined)?.s ?? null;

/**
 * The sealing and opening of events over a vault, with the keys cached in memory (a replay
 * asks the vault once per member). Its `erase` destroys a key and forgets it; a delivered
 * AccountDeleted forgets the member's key too (another process erased it).
 */
export interface PersonalDataCipher {
  readonly vault: PersonalDataVault;
  seal(events: DomainEvent[], actor: string | null): Promise<DomainEvent[]>;
  open(events: EventEnvelope[]): Promise<EventEnvelope[]>;
  /** Destroys the subject's key in the vault and in this cache. */
  erase(subject: string): Promise<void>;
}

export function createPersonalDataCipher(vault: PersonalDataVault): PersonalDataCipher {
  /** Known keys; null: erased (or never made, so nothing was sealed with it). */
  const keys = new Map<string, Buffer | null>();
  const MAX_CACHED = 100_000;
  const remember = (subject: string, key: Buffer | null) => {
    if (keys.size >= MAX_CACHED) keys.clear();
    keys.set(subject, key);
  };

  return {
    vault,
    async seal(events, actor) {
      const out: DomainEvent[] = [];
      for (const event of events) {
        const subject = subjectOf(event.type, event.data, actor);
        if (subject === null) {
          out.push(event);
          continue;
        }
        let key = keys.get(subject);
        if (!key) {
          key = await vault.keyFor(subject);
          remember(subject, key);
        }
        out.push({
          type: event.type,
          data: sealData(event.type, event.data as Data, subject, key),
        } as DomainEvent);
      }
      return out;
    },
    async open(events) {
      let wanted: Set<string> | null = null;
      for (const event of events) {
        if (event.type === 'AccountDeleted')
          remember((event.data as { userId: string }).userId, null);
        const subject = sealedSubject(event);
        if (subject !== null && !keys.has(subject)) (wanted ??= new Set()).add(subject);
      }
      if (wanted) {
        const found = await vault.keysOf([...wanted]);
        for (const subject of wanted) remember(subject, found.get(subject) ?? null);
      }
      return events.map((event) => {
        const subject = sealedSubject(event);
        if (subject === null) return event;
        return {
          ...event,
          data: openData(event.type, event.data as Data, keys.get(subject) ?? null),
        } as EventEnvelope;
      });
    },
    async erase(subject) {
      remember(subject, null);
      await vault.erase(subject);
      remember(subject, null);
    },
  };
}

/** `target`'s own members for the names not overridden, bound to it. */
function decorate<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(t, prop) {
      if (Object.hasOwn(overrides, prop)) return (overrides as Record<PropertyKey, unknown>)[prop];
      const value = Reflect.get(t, prop, t) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
}

/** The event store with personal fields sealed on append and opened on every read. */
export function sealingEventStore(inner: EventStore, cipher: PersonalDataCipher): EventStore {
  return decorate(inner, {
    async append(streamId, events, options) {
      // The real values are checked against their schemas, then sealed (the store checks the
      // stored form again: the erased values satisfy the same schemas).
      checkAppend(streamId, events, options);
      const sealed = await cipher.seal(events, options.actor);
      const result = await inner.append(streamId, sealed, options);
      return {
        ...result,
        events: result.events.map((e, i) => ({ ...e, data: events[i]!.data }) as EventEnvelope),
      };
    },
    async readStream(streamId, fromVersion) {
      return cipher.open(await inner.readStream(streamId, fromVersion));
    },
    async readAll(afterPosition, limit) {
      return cipher.open(await inner.readAll(afterPosition, limit));
    },
  });
}

/** The bus with every delivered batch opened before its handler sees it. */
export function openingBus(inner: EventBus, cipher: PersonalDataCipher): EventBus {
  return decorate(inner, {
    subscribe(options: SubscribeOptions) {
      return inner.subscribe({
        ...options,
        handle: async (batch: DeliveredBatch) =>
          options.handle({ ...batch, events: await cipher.open(batch.events) }),
      });
    },
  });
}

/** A vault in memory (tests, and a process that keeps nothing). */
export function createMemoryPersonalDataVault(): PersonalDataVault {
  const keys = new Map<string, Buffer | null>();
  return {
    async keyFor(subject) {
      if (!keys.has(subject)) keys.set(subject, newDataKey());
      return keys.get(subject) ?? null;
    },
    async keysOf(subjects) {
      const found = new Map<string, Buffer>();
      for (const subject of subjects) {
        const key = keys.get(subject);
        if (key) found.set(subject, key);
      }
      return found;
    },
    async erase(subject) {
      keys.set(subject, null);
    },
    async close() {},
  };
}
