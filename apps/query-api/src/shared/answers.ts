/**
 * Pages built from a search answer, serialised once per answer and kept as long as the engine
 * keeps that answer. The embedded engine hands out one frozen answer per query until the index
 * next changes, so a repeated catalogue page costs a look-up; only its JSON bytes are kept (the
 * page objects die young). Answers that are not frozen (other engines copy each time) are built
 * and serialised each time.
 */

import { compress, type ContentEncoding } from '@rewear/platform';

/**
 * An answer already serialised: the route table sends its bytes as they are, or compressed
 * once per encoding and kept with it (browsers always ask for br or gzip: a repeated catalogue
 * page is then not compressed again for every visitor).
 */
export class JsonAnswer<T> {
  /** The type of what was serialised (for the reader of a route's signature). */
  declare readonly shape?: T;
  private readonly compressed = new Map<ContentEncoding, Promise<Buffer>>();
  constructor(readonly bytes: Buffer) {}

  encoded(encoding: ContentEncoding): Promise<Buffer> {
    let bytes = this.compressed.get(encoding);
    if (!bytes) {
      bytes = compress(this.bytes, encoding);
      // A failed compression is not kept: the next request tries again.
      bytes.catch(() => this.compressed.delete(encoding));
      this.compressed.set(encoding, bytes);
    }
    return bytes;
  }
}

/** JSON already written (of type T, in UTF-8), from parts kept elsewhere (see `productListJson`). */
export class JsonBytes<T> {
  declare readonly shape?: T;
  constructor(readonly bytes: Buffer) {}
}

/**
 * The JSON of `{ [key]: <the value of memberJson>, ...rest }`, with `memberJson` (JSON in UTF-8,
 * in parts) used as it is rather than parsed and written again.
 */
export function jsonWithMember<T>(
  key: string,
  memberJson: readonly Buffer[],
  rest: object,
): JsonBytes<T> {
  const others = JSON.stringify(rest);
  return new JsonBytes<T>(
    Buffer.concat([
      Buffer.from(`{${JSON.stringify(key)}:`),
      ...memberJson,
      Buffer.from(others === '{}' ? '}' : `,${others.slice(1)}`),
    ]),
  );
}

const pagesByAnswer = new WeakMap<object, Map<string, JsonAnswer<unknown>>>();

/**
 * The page `build` makes from `answer` for the route named `route`, as JSON, built once per
 * answer. `build` gives the page itself, or its JSON.
 */
export function pageOf<P>(
  answer: object,
  route: string,
  build: () => P | JsonBytes<P>,
): JsonAnswer<P> {
  const serialise = () => {
    const page = build();
    return new JsonAnswer<P>(
      page instanceof JsonBytes ? page.bytes : Buffer.from(JSON.stringify(page)),
    );
  };
  if (!Object.isFrozen(answer)) return serialise();
  let pages = pagesByAnswer.get(answer);
  if (!pages) pagesByAnswer.set(answer, (pages = new Map()));
  let page = pages.get(route) as JsonAnswer<P> | undefined;
  if (page === undefined) pages.set(route, (page = serialise()));
  return page;
}

/** Bytes of another media type (a photo), with how long a browser or proxy may keep them. */
export class BinaryAnswer {
  constructor(
    readonly bytes: Buffer,
    readonly contentType: string,
    readonly cacheControl: string,
  ) {}
}
