/**
 * Kill -9 in the middle of a burst of appends: every acknowledged event survives, and the read
 * models built at the next boot equal a rebuild from position 0.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, startProjections } from '@rewear/platform';
import { createPlatform } from '@rewear/engines';
import { realProjectors, everyDocument } from './support/projections.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const dir = mkdtempSync(path.join(tmpdir(), 'rewear-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Ack {
  position: number;
  id: string;
}

/** Runs the burst and SIGKILLs it once `killAfter` appends were acknowledged. */
function burstAndKill(killAfter: number): Promise<{ acks: Ack[]; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', tsxLoader, path.join(here, 'support/append-burst.ts'), dir],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const acks: Ack[] = [];
    let pending = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const [word, position, id] = line.split(' ');
        if (word === 'ack') acks.push({ position: Number(position), id: id! });
      }
      if (acks.length >= killAfter && child.exitCode === null && !child.killed)
        child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL')
        reject(new Error(`burst ended by itself (code ${code}): ${stderr}`));
      else resolve({ acks, signal });
    });
  });
}

describe('crash recovery of the embedded engines', () => {
  it('keeps every acknowledged event after SIGKILL, and boots to the same read models as a rebuild', async () => {
    const { acks, signal } = await burstAndKill(1500);
    expect(signal).toBe('SIGKILL');
    expect(acks.length).toBeGreaterThanOrEqual(1500);

    const platform = await createPlatform(loadConfig({ DATA_DIR: dir }));
    try {
      // Every acknowledged append is in the log, at its position, with its id.
      const stored = new Map<number, string>();
      for (let after = 0; ;) {
        const batch = await platform.eventStore.readAll(after, 5000);
        if (batch.length === 0) break;
        for (const event of batch) stored.set(event.position, event.id);
        after = batch[batch.length - 1]!.position;
      }
      const lost = acks.filter((ack) => stored.get(ack.position) !== ack.id);
      expect(lost).toEqual([]);
      expect(await platform.eventStore.headPosition()).toBeGreaterThanOrEqual(
        acks[acks.length - 1]!.position,
      );

      // The log takes appends again after the crash.
      const after = await platform.eventStore.append(
        'subscription-after-crash',
        [{ type: 'NewsletterSubscribed', data: { email: 'after@example.com' } }],
        { expectedVersion: 0, actor: null, correlationId: 'after-crash' },
      );
      expect(after.position).toBeGreaterThan(acks[acks.length - 1]!.position);

      const projectors = realProjectors().all;
      const runtime = await startProjections({
        platform,
        projectors,
        log: { info() {}, warn() {}, error() {} },
      });
      try {
        expect(await runtime.catchUp(30_000)).toBe(true);
        const booted = await everyDocument(runtime.readSide, projectors);
        expect(booted.listings?.length).toBeGreaterThan(300);
        expect(booted['search:products']?.length).toBeGreaterThan(200);
        expect(booted.carts?.length).toBeGreaterThan(100);
        expect(booted.wishlist_items?.length).toBeGreaterThan(100);

        for (const projector of projectors) await runtime.rebuild(projector.name);
        const rebuilt = await everyDocument(runtime.readSide, projectors);
        expect(rebuilt).toEqual(booted);
        expect(
          (await runtime.status()).every(
            (s) => s.generation === 2 && s.deadLetters === 0 && s.lag === 0,
          ),
        ).toBe(true);
      } finally {
        await runtime.stop();
      }
    } finally {
      await platform.close();
    }
  }, 120_000);
});
