import net from 'node:net';
import { Meilisearch } from 'meilisearch';
import { MongoClient } from 'mongodb';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { EngineUnavailableError, isEngineUnavailable } from '../src/engine-errors.ts';
import { createFirebaseIdentityVerifier } from '../src/identity-firebase.ts';
import { ENGINE_UNAVAILABLE_MESSAGE, errorHandler } from '../src/http/middleware.ts';
import { HttpError } from '../src/http/errors.ts';

/** A port nothing listens on: taken, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('engine errors', () => {
  it("recognises the engines' own clients failing to reach a server", async () => {
    const port = await closedPort();
    const meili = new Meilisearch({ host: `http://127.0.0.1:${port}`, apiKey: 'k' });
    expect(isEngineUnavailable(await thrownBy(() => meili.index('x').search('shirt')))).toBe(true);
    const mongo = new MongoClient(`mongodb://127.0.0.1:${port}/`, {
      serverSelectionTimeoutMS: 300,
    });
    try {
      expect(
        isEngineUnavailable(await thrownBy(() => mongo.db('x').collection('y').findOne({}))),
      ).toBe(true);
    } finally {
      await mongo.close();
    }
    expect(isEngineUnavailable(new EngineUnavailableError('kafka'))).toBe(true);
    const wrapped = new Error('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    expect(isEngineUnavailable(wrapped)).toBe(true);
  });

  it('recognises the identity service (the Auth emulator here) not answering a token check', async () => {
    const port = await closedPort();
    const projectId = `demo-unreachable-${port}`;
    const before = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${port}`;
    try {
      // An emulator token (unsigned) that decodes, so the check goes on to ask the emulator.
      const now = Math.floor(Date.now() / 1000);
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const token = `${part({ alg: 'none', typ: 'JWT' })}.${part({
        iss: `https://securetoken.google.com/${projectId}`,
        aud: projectId,
        sub: 'someone',
        user_id: 'someone',
        iat: now,
        exp: now + 3600,
        auth_time: now,
      })}.`;
      const verifier = createFirebaseIdentityVerifier({ projectId, checkRevoked: true });
      const err = await thrownBy(() => verifier.verify(token));
      expect(isEngineUnavailable(err)).toBe(true);
    } finally {
      if (before === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      else process.env.FIREBASE_AUTH_EMULATOR_HOST = before;
    }
  });

  it('leaves bugs and bad requests alone', () => {
    expect(isEngineUnavailable(new Error('Cart x is unknown'))).toBe(false);
    expect(isEngineUnavailable(new HttpError(400, 'Invalid'))).toBe(false);
    expect(isEngineUnavailable(null)).toBe(false);
    expect(isEngineUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('answers 503 with a message a person reads and Retry-After when an engine is out of reach', async () => {
    const app = new Koa();
    app.use(errorHandler(() => {}));
    app.use(() => {
      throw new EngineUnavailableError('meilisearch');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as net.AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/products`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({ message: ENGINE_UNAVAILABLE_MESSAGE });
    } finally {
      server.close();
    }
  });
});
