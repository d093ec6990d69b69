/**
 * The server's compiled event check must say what the zod schemas say: for every event type,
 * a valid event and many broken copies of it (each field removed or replaced by a value of
 * another kind, out of bounds or badly formatted) get the same verdict from both.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EventValidationError, eventSchemas } from '@rewear/contracts';
import { validateEvent } from '../src/event-validation.ts';

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
};

/** A small valid value of a JSON Schema, every optional property filled in too. */
function sampleOf(schema: JsonSchema): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf)
    return sampleOf(schema.anyOf.find((option) => option.type !== 'null') ?? schema.anyOf[0]!);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sampleOf(value)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
        sampleOf(schema.items ?? {}),
      );
    case 'string':
      if (schema.format === 'date-time') return '2026-03-01T12:00:00.000Z';
      if (schema.format === 'date') return '2026-03-01';
      if (schema.format === 'email') return 'ada@example.com';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 0));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 0, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

const replacements: unknown[] = [
  undefined,
  null,
  '',
  'x',
  'x'.repeat(6000),
  'not a time',
  '2026-02-30T12:00:00Z',
  0,
  -1,
  1.5,
  2 ** 60,
  Number.NaN,
  true,
  [],
  [1, 2],
  Array.from({ length: 25 }, (_, i) => i + 1),
  {},
  { $gt: '' },
];

/** Copies of `value` with one field (at any depth) removed or replaced. */
function* brokenCopies(value: unknown): Generator<unknown> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      for (const replacement of replacements)
        yield value.map((v, i) => (i === index ? replacement : v));
      for (const broken of brokenCopies(item))
        yield value.map((v, i) => (i === index ? broken : v));
    }
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const key of Object.keys(value)) {
    const { [key]: field, ...rest } = value as Record<string, unknown>;
    yield rest;
    for (const replacement of replacements) yield { ...rest, [key]: replacement };
    for (const broken of brokenCopies(field)) yield { ...rest, [key]: broken };
  }
}

const accepts = (type: string, version: number, data: unknown) => {
  try {
    validateEvent(type, version, data);
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(EventValidationError);
    return false;
  }
};

describe('compiled event check', () => {
  for (const [type, { version, schema }] of Object.entries(eventSchemas)) {
    it(`${type}: the same verdict as its zod schema, valid or broken`, () => {
      const valid = sampleOf(z.toJSONSchema(schema, { io: 'input' }) as JsonSchema);
      expect(schema.safeParse(valid).success).toBe(true);
      expect(accepts(type, version, valid)).toBe(true);
      let refused = 0;
      for (const broken of brokenCopies(valid)) {
        const zodAccepts = schema.safeParse(broken).success;
        expect(accepts(type, version, broken), JSON.stringify(broken)?.slice(0, 300)).toBe(
          zodAccepts,
        );
        if (!zodAccepts) refused += 1;
      }
      expect(refused).toBeGreaterThan(0);
    });
  }

  it('words a refusal as the contracts do', () => {
    expect(() =>
      validateEvent('BrandCreated', 1, { brandId: 'b1', name: '', image: null }),
    ).toThrow(/^Invalid BrandCreated event: .*name/s);
    expect(() => validateEvent('NoSuchEvent', 1, {})).toThrow(
      'Invalid NoSuchEvent event: unknown event type',
    );
    expect(() =>
      validateEvent('BrandCreated', 99, { brandId: 'b1', name: 'Levi', image: null }),
    ).toThrow('unsupported schema version 99');
  });
});
