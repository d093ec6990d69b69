/**
 * The Auth emulator a process started is supervised: killed as a crash would kill it, it is
 * started again on the same port (a browser suite once lost every sign-in to one that died
 * mid-run), and stop() ends it for good.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { authEmulatorAnswers, ensureAuthEmulator } from '../src/firebase-emulator.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The pids of the processes listening on `port` (what a crash would take away). */
const listenersOn = (port: number) =>
  execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' })
    .match(/pid=(\d+)/g)
    ?.map((m) => Number(m.slice(4))) ?? [];

async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

describe('the Auth emulator started here', () => {
  it('is started again when it dies, and stays down once stopped', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const emulator = await ensureAuthEmulator({ port, log: (line) => lines.push(line) });
    try {
      expect(emulator.started).toBe(true);
      const pids = listenersOn(port);
      expect(pids.length).toBeGreaterThan(0);
      for (const pid of pids) process.kill(pid, 'SIGKILL');

      expect(await until(async () => !(await authEmulatorAnswers('127.0.0.1', port)), 10_000)).toBe(
        true,
      );
      expect(await until(() => authEmulatorAnswers('127.0.0.1', port), 120_000)).toBe(true);
      expect(lines.some((l) => l.includes('starting it again'))).toBe(true);
    } finally {
      await emulator.stop();
    }
    expect(await until(async () => !(await authEmulatorAnswers('127.0.0.1', port)), 10_000)).toBe(
      true,
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await authEmulatorAnswers('127.0.0.1', port)).toBe(false);
  }, 200_000);
});
