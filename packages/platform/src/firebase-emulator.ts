/**
 * Starts the Firebase Auth emulator (firebase-tools) when none answers yet. It runs offline for
 * `demo-` projects. Used by `npm start` and by the API test suites.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AuthEmulatorOptions {
  projectId?: string;
  port?: number;
  host?: string;
  /** How long to wait for a fresh emulator to answer. */
  startTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface RunningAuthEmulator {
  /** host:port, the value for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  /** True if this call started the emulator (stop() then ends it); false if it was already running. */
  started: boolean;
  stop(): Promise<void>;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The port of firebase.json, where `npm start` and the test suites share one emulator. */
const DEFAULT_PORT = 9099;
/** How often an emulator that died is started again before it is left down. */
const MAX_RESTARTS = 5;

/**
 * A firebase.json for an emulator on another port, so a run that wants its own (the API fuzzer)
 * does not share the one the test suites start and stop. Its hub and logging ports are left
 * for firebase-tools to pick among the free ones.
 */
function configForPort(host: string, port: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rewear-auth-emulator-'));
  const file = path.join(dir, 'firebase.json');
  writeFileSync(
    file,
    JSON.stringify({
      emulators: { auth: { host, port }, ui: { enabled: false }, singleProjectMode: true },
    }),
  );
  return file;
}

/** True if an Auth emulator answers on host:port. */
export async function authEmulatorAnswers(
  host: string,
  port: number,
  projectId = 'demo-marketplace',
): Promise<boolean> {
  try {
    const response = await fetch(
      `http://${host}:${port}/emulator/v1/projects/${projectId}/config`,
      {
        signal: AbortSignal.timeout(1000),
      },
    );
    return response.status < 500;
  } catch {
    return false;
  }
}

export async function ensureAuthEmulator(
  options: AuthEmulatorOptions = {},
): Promise<RunningAuthEmulator> {
  const projectId = options.projectId ?? 'demo-marketplace';
  const port = options.port ?? DEFAULT_PORT;
  const host = options.host ?? '127.0.0.1';
  const hostPort = `${host}:${port}`;
  const log = options.log ?? (() => {});

  if (await authEmulatorAnswers(host, port, projectId)) {
    return { host: hostPort, started: false, stop: async () => {} };
  }

  const binary = path.join(repoRoot, 'node_modules/.bin/firebase');
  if (!existsSync(binary))
    throw new Error(`firebase-tools is not installed (${binary} is missing); run npm install`);

  const args = ['emulators:start', '--only', 'auth', '--project', projectId];
  if (port !== DEFAULT_PORT || host !== '127.0.0.1')
    args.push('--config', configForPort(host, port));
  let output = '';
  const launch = () => {
    output = '';
    const child = spawn(binary, args, {
      cwd: repoRoot,
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so stop() ends the emulator and the Node process it forks.
      detached: true,
    });
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      output = (output + text).slice(-4000);
      for (const line of text.split('\n')) if (line.trim()) log(line);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    return child;
  };
  /**
   * Waits for an answer on the port; false if none came in time. An emulator that answers
   * while ours exited was started by another process at the same moment (it won the port).
   */
  const answered = async () => {
    // It answers in about 10 s on a quiet 2-core machine; a fault-suite run beside a browser
    // suite and image builds (load average 41) saw it take more than 60 s.
    const deadline = Date.now() + (options.startTimeoutMs ?? 150_000);
    while (!(await authEmulatorAnswers(host, port, projectId))) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return true;
  };

  let child = launch();
  if (!(await answered())) {
    await stopProcess(child);
    throw new Error(`The Auth emulator did not answer on ${hostPort} in time:\n${output}`);
  }
  // Ours exited: another process started one at the same moment and won the port; use that one.
  if (child.exitCode !== null || child.signalCode !== null)
    return { host: hostPort, started: false, stop: async () => {} };

  // Supervised: an emulator that dies under us (a browser suite saw one go mid-run, the
  // accounts with it) is started again on the same port, so sign-ins work again; what it
  // printed last is logged, to say why.
  let stopping = false;
  let restarts = 0;
  const superviseExit = (exited: ChildProcess) =>
    exited.once('exit', (code, signal) => {
      if (stopping) return;
      if (restarts >= MAX_RESTARTS) {
        log(`[auth emulator] exited (${signal ?? code}) ${restarts} times; not started again`);
        return;
      }
      restarts += 1;
      log(
        `[auth emulator] exited (${signal ?? code}), its accounts with it; starting it again. Its last output:\n${output}`,
      );
      child = launch();
      superviseExit(child);
      void answered().then((up) => {
        if (up) log(`[auth emulator] answers again on ${hostPort}`);
      });
    });
  superviseExit(child);
  return {
    host: hostPort,
    started: true,
    stop: () => {
      stopping = true;
      return stopProcess(child);
    },
  };
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined)
      return resolve();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}
