/**
 * For tests: the HTTP edge as a table of answers by `METHOD path`, recording every call. A call
 * with no answer fails as the server would with an error.
 */
import { ApiError, type Api } from './http.ts';

export interface RecordedCall {
  method: string;
  path: string;
  body?: unknown;
}

export function fakeApi(
  handlers: Record<string, (body: unknown) => unknown>,
): Api & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const handle =
    (method: string) =>
    async <T>(path: string, body?: unknown): Promise<T> => {
      calls.push({ method, path, body });
      const handler = handlers[`${method} ${path}`];
      if (!handler) throw new ApiError(500, `unexpected ${method} ${path}`);
      return handler(body) as T;
    };
  return {
    calls,
    get: handle('GET'),
    post: handle('POST'),
    put: handle('PUT'),
    del: handle('DELETE'),
  };
}
