/**
 * Schema checks of events on the server, at append and at consume: the zod schemas of
 * @rewear/contracts, exported as JSON Schema and compiled once by Ajv.
 *
 * Why not zod's own parse: a replay checks every event of the log, and zod builds a result
 * (a copy of the data) for each; the compiled check allocates nothing for a valid event and
 * costs a third of the time. The zod schemas stay the one definition (they hold no refinements
 * or transforms, so their JSON Schema says exactly what they say), and an event the compiled
 * check refuses is checked by zod again, whose verdict and readable message are the ones kept.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { z } from 'zod';
import { eventSchemas, validateEvent as validateWithZod } from '@rewear/contracts';

// ajv-formats is CommonJS: under Node's ESM loader its default export is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as typeof addFormatsModule;

interface CompiledSchema {
  version: number;
  check: ValidateFunction;
}

function compileEventSchemas(): ReadonlyMap<string, CompiledSchema> {
  const ajv = new Ajv2020({ allErrors: false, strict: true });
  addFormats(ajv);
  const compiled = new Map<string, CompiledSchema>();
  for (const [type, { version, schema }] of Object.entries(eventSchemas)) {
    // `input`: what an event may hold when it is checked (no defaults are applied either way).
    compiled.set(type, { version, check: ajv.compile(z.toJSONSchema(schema, { io: 'input' })) });
  }
  return compiled;
}

let compiledSchemas: ReadonlyMap<string, CompiledSchema> | null = null;

/** Checks type, schema version and data; throws EventValidationError (the same as the contracts' check). */
export function validateEvent(type: string, schemaVersion: number, data: unknown): void {
  compiledSchemas ??= compileEventSchemas();
  const compiled = compiledSchemas.get(type);
  if (compiled?.version === schemaVersion && compiled.check(data)) return;
  // Refused, or an unknown type or version: zod decides and words the reason.
  validateWithZod(type, schemaVersion, data);
}
