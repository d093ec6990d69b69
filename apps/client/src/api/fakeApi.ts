/**
 * For tests: the HTTP edge as a table of answers by `METHOD path`, recording every call. A call
 * with no answer fails as the server would with an error.
 */
import { ApiError, type Api, type RequestOptions } from './http.ts';

export interface RecordedCall {
  method: string;
  path: string;
  body?: unknown;
  /** Only recorded when the call passed options (commands pass their Idempotency-Key). */
  options?: RequestOptions;
}

export function fakeApi(
  handlers: Record<string, (body: unknown) => unknown>,
): Api & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const handle =
    (method: string) =>
    async <T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> => {
      calls.push(options === undefined ? { method, path, body } : { method, path, body, options });
      const handler = handlers[`${method} ${path}`];
      if (!handler) throw new ApiError(500, `unexpected ${method} ${path}`);
      return handler(body) as T;
    };
  return {
    calls,
    get: (path, options) => handle('GET')(path, undefined, options),
    post: handle('POST'),
    put: handle('PUT'),
    del: handle('DELETE'),
  };
}
