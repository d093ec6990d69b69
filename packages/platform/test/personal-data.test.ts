/**
 * Crypto-shredding (src/adapters/personal-data.ts, docs/security.md): the cipher, the registry of
 * personal fields (every personal-looking field of the event catalogue is either in it or named
 * as not personal, and every erased value passes its field's schema), and the event store and
 * bus wrapped around the SQLite log: the stored bytes hold no personal value, reads and
 * deliveries give the real values back, and once the key is erased everything reads as erased.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ERASED,
  eventSchemas,
  NOT_PERSONAL,
  PERSONAL_FIELDS,
  PERSONAL_LOOKING,
  type DomainEvent,
  type EventEnvelope,
} from '@rewear/contracts';
import { openSqliteEventLog, openSqlitePersonalDataVault } from '@rewear/sqlite';
import {
  createMemoryPersonalDataVault,
  createPersonalDataCipher,
  decryptText,
  encryptText,
  newDataKey,
  openingBus,
  SEALED_FIELD,
  sealingEventStore,
} from '../src/adapters/personal-data.ts';

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> } };

/** Every string field of a schema, by path (through objects, nullables and optionals). */
function stringFields(schema: AnySchema, at: string[] = []): Array<[string[], AnySchema]> {
  const def = schema._zod.def;
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, AnySchema>).flatMap(([key, inner]) =>
        stringFields(inner, [...at, key]),
      );
    case 'nullable':
    case 'optional':
      return stringFields(def.innerType as AnySchema, at);
    case 'string':
      return [[at, schema]];
    default:
      return [];
  }
}

const fieldSchema = (schema: AnySchema, fieldPath: readonly string[]): AnySchema => {
  let at = schema;
  for (const key of fieldPath) {
    while (['nullable', 'optional'].includes(at._zod.def.type as string))
      at = at._zod.def.innerType as AnySchema;
    at = (at._zod.def.shape as Record<string, AnySchema>)[key]!;
  }
  return at;
};

describe('the cipher', () => {
  it('gives back what it sealed only with the same key and subject', () => {
    const key = newDataKey();
    const sealed = encryptText(key, 'u1', 'Ann Example, 1 Main St');
    // Neither the text nor its base64 shows through (a 3-letter probe matched random bytes once).
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('Ann Example');
    expect(sealed).not.toContain(
      Buffer.from('Ann Example, 1 Main St').toString('base64').slice(0, 12),
    );
    expect(decryptText(key, 'u1', sealed)).toBe('Ann Example, 1 Main St');
    expect(decryptText(newDataKey(), 'u1', sealed)).toBeNull();
    expect(decryptText(key, 'u2', sealed)).toBeNull();
    // A fresh IV each time: the same text never seals the same way twice.
    expect(encryptText(key, 'u1', 'x')).not.toBe(encryptText(key, 'u1', 'x'));
  });
});

describe('the registry of personal fields', () => {
  it('names every personal-looking field of the catalogue, or says why it is not personal', () => {
    const unaccounted: string[] = [];
    for (const [type, { schema }] of Object.entries(eventSchemas)) {
      const registered = new Set(
        (PERSONAL_FIELDS[type as keyof typeof PERSONAL_FIELDS]?.fields ?? []).map((f) =>
          f.path.join('.'),
        ),
      );
      for (const [fieldPath, inner] of stringFields(schema as unknown as AnySchema)) {
        const name = fieldPath.at(-1)!;
        const dotted = fieldPath.join('.');
        if (!PERSONAL_LOOKING.test(name) || /Id$/.test(name)) continue;
        if (inner._zod.def.format === 'datetime') continue;
        if (registered.has(dotted) || NOT_PERSONAL[`${type}.${dotted}`]) continue;
        unaccounted.push(`${type}.${dotted}`);
      }
    }
    expect(unaccounted).toEqual([]);
  });

  it('erases each field to a value its schema accepts, on paths that exist', () => {
    for (const [type, entry] of Object.entries(PERSONAL_FIELDS)) {
      const schema = eventSchemas[type as keyof typeof eventSchemas].schema as unknown as AnySchema;
      for (const field of entry!.fields) {
        const inner = fieldSchema(schema, field.path);
        expect(inner, `${type}.${field.path.join('.')}`).toBeDefined();
        expect(
          inner.safeParse(field.erased).success,
          `${type}.${field.path.join('.')} ← ${field.erased}`,
        ).toBe(true);
      }
    }
  });
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const ann: DomainEvent[] = [
  {
    type: 'UserRegistered',
    data: { uid: 'ann', email: 'ann@example.com', displayName: 'Ann Lovelace', photoUrl: null },
  },
  {
    type: 'MessageSent',
    data: {
      conversationId: 'l1_ann',
      listingId: 'l1',
      listingTitle: 'Blue coat',
      buyerId: 'ann',
      sellerId: 'bob',
      senderId: 'ann',
      text: 'Could you ship to Elmstreet 12?',
      sentAt: '2026-11-28T10:00:00.000Z',
    },
  },
];

describe('the event store and bus, sealed', () => {
  it('stores no personal value, reads and delivers them back, and erased once the key is gone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rewear-personal-'));
    dirs.push(dir);
    const log = openSqliteEventLog({ file: path.join(dir, 'events.sqlite'), pollIntervalMs: 5 });
    const vault = openSqlitePersonalDataVault(path.join(dir, 'personal-data.sqlite'));
    const cipher = createPersonalDataCipher(vault);
    const store = sealingEventStore(log, cipher);
    const bus = openingBus(log, cipher);
    try {
      const appended = await store.append('user-ann', ann, {
        expectedVersion: 0,
        actor: 'ann',
        correlationId: 'c1',
      });
      // The caller gets its events as it gave them.
      expect(appended.events.map((e) => e.data)).toEqual(ann.map((e) => e.data));
      // Stored: erased values and ciphertext.
      const raw = await log.readAll(0, 10);
      expect(raw[0]!.data).toMatchObject({ email: ERASED.email, displayName: ERASED.name });
      expect(raw[0]!.data).toHaveProperty(SEALED_FIELD);
      // Read back and delivered: the real values.
      expect((await store.readStream('user-ann')).map((e) => e.data)).toEqual(
        ann.map((e) => e.data),
      );
      const delivered: EventEnvelope[] = [];
      const sub = await bus.subscribe({
        name: 'test',
        handle: async (batch) => void delivered.push(...batch.events),
      });
      await expect.poll(() => delivered.length).toBe(2);
      await sub.stop();
      expect(delivered.map((e) => e.data)).toEqual(ann.map((e) => e.data));

      await cipher.erase('ann');
      const after = (await store.readAll(0, 10)).map((e) => e.data);
      expect(after).toEqual([
        { uid: 'ann', email: ERASED.email, displayName: ERASED.name, photoUrl: null },
        { ...ann[1]!.data, text: ERASED.text },
      ]);
      // A fresh process (no cached key) reads the same.
      const fresh = sealingEventStore(log, createPersonalDataCipher(vault));
      expect((await fresh.readAll(0, 10)).map((e) => e.data)).toEqual(after);
      // No key is made again for an erased member: later events keep only erased values.
      await store.append('user-ann', [ann[0]!], {
        expectedVersion: 2,
        actor: 'ann',
        correlationId: 'c2',
      });
      expect((await log.readAll(2, 10))[0]!.data).not.toHaveProperty(SEALED_FIELD);
    } finally {
      await log.close();
      await vault.close();
    }
    const bytes = [
      readFileSync(path.join(dir, 'events.sqlite')),
      readFileSync(path.join(dir, 'personal-data.sqlite')),
    ].map((b) => b.toString('latin1'));
    for (const text of bytes)
      for (const value of ['ann@example.com', 'Ann Lovelace', 'Elmstreet'])
        expect(text).not.toContain(value);
  });

  it('delivers an AccountDeleted to a process that forgets the key it cached', async () => {
    const vault = createMemoryPersonalDataVault();
    const writer = createPersonalDataCipher(vault);
    const reader = createPersonalDataCipher(vault);
    const [sealed] = await writer.seal([ann[0]!], 'ann');
    const envelope = (data: unknown, type = 'UserRegistered', position = 1) =>
      ({ type, data, position, streamId: 'user-ann' }) as unknown as EventEnvelope;
    expect((await reader.open([envelope(sealed!.data)]))[0]!.data).toEqual(ann[0]!.data);
    await vault.erase('ann'); // another process erased it; this one still caches the key
    const [deletion, replayed] = await reader.open([
      envelope({ userId: 'ann', at: '2026-11-28T10:00:00.000Z' }, 'AccountDeleted', 2),
      envelope(sealed!.data),
    ]);
    expect(deletion!.type).toBe('AccountDeleted');
    expect(replayed!.data).toMatchObject({ email: ERASED.email, displayName: ERASED.name });
  });
});
