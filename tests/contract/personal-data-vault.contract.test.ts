/**
 * One contract for every personal-data vault (docs/security.md, "Personal data and account
 * deletion"): SQLite (two connections to one file) and MongoDB or FerretDB (two clients: two
 * processes of the distributed topology) when MONGODB_URI answers. A member's key is made once,
 * the same for every process that asks, and once erased it is gone for good.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PersonalDataVault } from '@rewear/ports';
import { openSqlitePersonalDataVault } from '@rewear/sqlite';
import { openMongoPersonalDataVault, type MongoPersonalDataVault } from '@rewear/mongodb';
import { reportSkip } from '@rewear/testing';
import { contractEngine } from './engines.ts';

const mongo = await contractEngine('mongodb');
reportSkip('personal-data vault contract (MongoDB)', mongo);

interface Engine {
  name: string;
  reachable: boolean;
  /** Two vaults over the same keys (two processes). */
  open(): Promise<[PersonalDataVault, PersonalDataVault]>;
  finish(vaults: PersonalDataVault[]): Promise<void>;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'vault-contract-'));
const mongoDatabase = `contract_vault_${randomUUID().slice(0, 8)}`;
const engines: Engine[] = [
  {
    name: 'sqlite',
    reachable: true,
    open: async () => {
      const file = path.join(dir, 'personal-data.sqlite');
      return [openSqlitePersonalDataVault(file), openSqlitePersonalDataVault(file)];
    },
    async finish(vaults) {
      for (const vault of vaults) await vault.close();
    },
  },
  {
    name: 'mongodb',
    reachable: mongo.available,
    open: async () => [
      await openMongoPersonalDataVault({ uri: mongo.url!, database: mongoDatabase }),
      await openMongoPersonalDataVault({ uri: mongo.url!, database: mongoDatabase }),
    ],
    async finish(vaults) {
      await (vaults[0] as MongoPersonalDataVault).db.dropDatabase();
      for (const vault of vaults) await vault.close();
    },
  },
];

afterAll(() => rmSync(dir, { recursive: true, force: true }));

for (const engine of engines) {
  describe.runIf(engine.reachable)(`personal-data vault: ${engine.name}`, () => {
    it('makes one 32-byte key per member, the same for two processes asking at once', async () => {
      const [a, b] = await engine.open();
      try {
        const subject = `m-${randomUUID()}`;
        const [first, second] = await Promise.all([a.keyFor(subject), b.keyFor(subject)]);
        expect(first).toHaveLength(32);
        expect(second!.equals(first!)).toBe(true);
        expect((await a.keyFor(subject))!.equals(first!)).toBe(true);
        // Another member has another key.
        expect((await b.keyFor(`m-${randomUUID()}`))!.equals(first!)).toBe(false);
      } finally {
        await engine.finish([a, b]);
      }
    });

    it('lists only the keys that exist, making none', async () => {
      const [a, b] = await engine.open();
      try {
        const known = `m-${randomUUID()}`;
        const unknown = `m-${randomUUID()}`;
        const key = await a.keyFor(known);
        const found = await b.keysOf([known, unknown]);
        expect([...found.keys()]).toEqual([known]);
        expect(found.get(known)!.equals(key!)).toBe(true);
        expect((await a.keysOf([unknown])).size).toBe(0);
        expect((await b.keysOf([])).size).toBe(0);
      } finally {
        await engine.finish([a, b]);
      }
    });

    it('erases a key for good, for every process, and never makes it again', async () => {
      const [a, b] = await engine.open();
      try {
        const subject = `m-${randomUUID()}`;
        await a.keyFor(subject);
        await b.erase(subject);
        expect(await a.keyFor(subject)).toBeNull();
        expect(await b.keyFor(subject)).toBeNull();
        expect((await a.keysOf([subject])).size).toBe(0);
        // Erasing again, or a member never seen, is no error; the latter is never given a key.
        await a.erase(subject);
        const never = `m-${randomUUID()}`;
        await b.erase(never);
        expect(await a.keyFor(never)).toBeNull();
      } finally {
        await engine.finish([a, b]);
      }
    });
  });
}
