import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INPUT_LIMITS, inputProblem, parse, queryProblem, HttpError } from '../src/http/index.ts';

const L = INPUT_LIMITS;

/** `[[[…0…]]]` nested `levels` deep, built without recursion. */
function nestedArrays(levels: number): unknown {
  let value: unknown = 0;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}
function nestedObjects(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe('input limits of a JSON body', () => {
  it('passes real requests unchanged', () => {
    const checkout = {
      items: Array.from({ length: 200 }, (_, i) => ({ productId: `p-${i}`, quantity: 2 })),
      shipping: { name: 'Ada', address: '1 Main St', city: 'Springfield', zip: '62701' },
    };
    const listing = {
      title: 'Vintage denim jacket',
      description: 'x'.repeat(5000),
      gallery: Array.from({ length: 12 }, () => 'https://example.com/' + 'p'.repeat(2000)),
      size_ids: [1, 2, 3],
    };
    const frozen = JSON.stringify([checkout, listing]);
    expect(inputProblem(checkout)).toBeNull();
    expect(inputProblem(listing)).toBeNull();
    expect(JSON.stringify([checkout, listing])).toBe(frozen);
    expect(inputProblem(null)).toBeNull();
    expect(inputProblem(42)).toBeNull();
    expect(inputProblem(nestedArrays(L.depth - 1))).toBeNull();
  });

  it('refuses a body nested 10,000 levels deep without exhausting the stack', () => {
    const deep = JSON.parse('['.repeat(10_000) + ']'.repeat(10_000));
    expect(inputProblem(deep)).toBe(
      `The request body is nested too deeply (at most ${L.depth} levels)`,
    );
    expect(inputProblem(nestedObjects(100_000))).toBe(
      `The request body is nested too deeply (at most ${L.depth} levels)`,
    );
    expect(inputProblem(nestedArrays(L.depth + 1))).toMatch(/nested too deeply/);
    // In parse: a 400 with the message, never a RangeError.
    expect(() => parse(z.object({ email: z.string() }), deep, 'request body')).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringMatching(/too deeply/) }),
    );
  });

  it('refuses wide objects, too many keys in all and long lists', () => {
    const wide = Object.fromEntries(
      Array.from({ length: L.keysPerObject + 1 }, (_, i) => [`k${i}`, i]),
    );
    expect(inputProblem(wide)).toBe(
      `The request body has an object with too many keys (at most ${L.keysPerObject})`,
    );
    const many = Array.from({ length: 101 }, () =>
      Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])),
    );
    expect(inputProblem(many)).toBe(
      `The request body has too many keys (at most ${L.totalKeys} in all)`,
    );
    expect(inputProblem({ ids: new Array(L.arrayLength + 1).fill(1) })).toBe(
      `The request body has a list that is too long (at most ${L.arrayLength} items)`,
    );
    expect(inputProblem({ ids: new Array(L.arrayLength).fill(1) })).toBeNull();
  });

  it('refuses long texts and long keys, wherever they are', () => {
    expect(inputProblem({ a: [{ b: 'x'.repeat(L.stringLength + 1) }] })).toBe(
      `The request body has a text that is too long (at most ${L.stringLength} characters)`,
    );
    expect(inputProblem('x'.repeat(L.stringLength + 1), 'query')).toMatch(/^The query has a text/);
    expect(inputProblem({ ['k'.repeat(L.keyLength + 1)]: 1 })).toBe(
      `The request body has a key that is too long (at most ${L.keyLength} characters)`,
    );
  });

  it('refuses hostile keys: operators and prototype names', () => {
    expect(inputProblem({ email: { $where: 'sleep(1000)' } })).toBe(
      'Invalid request body: keys starting with "$" are not allowed',
    );
    expect(inputProblem([{ a: [{ $gt: '' }] }])).toMatch(/keys starting with "\$"/);
    const proto = JSON.parse('{"a":{"__proto__":{"polluted":true}}}');
    expect(inputProblem(proto)).toBe('The request body has a key that is not allowed: "__proto__"');
    expect(inputProblem({ constructor: { prototype: { polluted: true } } })).toBe(
      'The request body has a key that is not allowed: "constructor"',
    );
    expect(inputProblem({ prototype: 1 })).toMatch(/not allowed: "prototype"/);
    // Nothing was polluted on the way.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // A key that merely contains the words is fine.
    expect(inputProblem({ constructorName: 'x', a$b: 1 })).toBeNull();
  });

  it('answers through parse as a 400 HttpError', () => {
    try {
      parse(z.object({}), { $where: '1' }, 'request body');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBe(400);
    }
  });
});

describe('input limits of a query string', () => {
  it('passes the catalogue filters', () => {
    expect(
      queryProblem(
        'category=Tops&brand=Nike&size=S&size=M&color=Blue,Red&min_price=10&max_price=99.5&sort=price_asc&page=2&limit=24&q=denim+jacket',
      ),
    ).toBeNull();
    expect(queryProblem('')).toBeNull();
  });

  it('refuses too many parameters, long values, long names and prototype names', () => {
    expect(queryProblem(Array.from({ length: L.queryParameters + 1 }, () => 'a=1').join('&'))).toBe(
      `The query has too many parameters (at most ${L.queryParameters})`,
    );
    expect(queryProblem(`q=${'x'.repeat(L.queryValueLength + 1)}`)).toBe(
      `The query parameter "q" is too long (at most ${L.queryValueLength} characters)`,
    );
    expect(queryProblem(`${'k'.repeat(L.keyLength + 1)}=1`)).toMatch(
      /parameter name that is too long/,
    );
    expect(queryProblem('__proto__=1')).toBe('Invalid query: parameter "__proto__" is not allowed');
    expect(queryProblem('constructor=1')).toMatch(/not allowed/);
    // Percent-encoded text counts as the characters it decodes to.
    expect(queryProblem(`q=${'%41'.repeat(L.queryValueLength)}`)).toBeNull();
  });
});
