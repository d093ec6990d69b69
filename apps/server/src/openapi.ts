/**
 * The OpenAPI 3.1 document of the whole API, assembled from the RouteDoc lists the APIs export
 * (the same zod schemas they validate with, turned into JSON Schema by zod itself). The answers'
 * bodies come from their schemas in @rewear/contracts, the shapes that carry an id there
 * (Product, Cart, OrderRow…) named once under components.schemas.
 */
import { z } from 'zod';
import type { ResponseDoc, RouteDoc } from '@rewear/platform';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, unknown>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
}

function toSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** Where zod puts the shapes with an id, and where the document names them. */
const ZOD_DEFS = '"#/$defs/';
const COMPONENTS = '"#/components/schemas/';

/**
 * An answer's JSON Schema (as output: what the API sends): its named shapes go to `components`
 * (the first description of an id is kept; they are the same schema), referenced from there.
 */
function answerSchema(schema: z.ZodType, components: Record<string, unknown>): JsonSchema {
  const { $defs, ...root } = toSchema(schema, 'output');
  const referenced = <T>(json: T): T =>
    JSON.parse(JSON.stringify(json).replaceAll(ZOD_DEFS, COMPONENTS)) as T;
  for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, unknown>))
    components[id] ??= referenced(def);
  return referenced(root);
}

function mediaSchema(mediaType: string): JsonSchema {
  return mediaType.startsWith('image/') ? { type: 'string', format: 'binary' } : { type: 'string' };
}

/** A route's own description of one status, with its body's schema if it has one. */
function ownResponse(
  doc: string | ResponseDoc,
  components: Record<string, unknown>,
): CommonResponse & { content?: Record<string, { schema: JsonSchema }> } {
  if (typeof doc === 'string') return { description: doc };
  if (doc.body)
    return {
      description: doc.description,
      content: { 'application/json': { schema: answerSchema(doc.body, components) } },
    };
  if (doc.mediaType)
    return {
      description: doc.description,
      content: { [doc.mediaType]: { schema: mediaSchema(doc.mediaType) } },
    };
  return { description: doc.description };
}

/** Path or query parameters from an object schema: one parameter per property. */
function parameters(schema: z.ZodType | undefined, location: 'path' | 'query'): unknown[] {
  if (!schema) return [];
  const json = toSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: location,
      required: location === 'path' ? true : required.has(name) && !('default' in property),
      ...(typeof description === 'string' ? { description } : {}),
      schema: propertySchema,
    };
  });
}

const errorBody = {
  type: 'object',
  properties: { message: { type: 'string' }, details: {} },
  required: ['message'],
};

const retryAfter = {
  'Retry-After': {
    description: 'Whole seconds to wait before trying again',
    required: true,
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
};

interface CommonResponse {
  description: string;
  headers?: typeof retryAfter;
}

/**
 * Answers any route of its kind can give, documented once here: the validation at the edge
 * (every route's query string is checked against the input limits, so even a route without
 * parameters can answer 400), the check of the ID token, the rate limits of the command routes
 * and an engine out of reach. A route's own description of one of these statuses replaces it.
 */
function commonResponses(route: RouteDoc): Record<number, CommonResponse> {
  const common: Record<number, CommonResponse> = {
    400: { description: 'The request is not valid: the message says which part and why' },
  };
  if (route.auth === 'user')
    common[401] = { description: 'Not signed in, or the ID token is not valid' };
  if (route.auth === 'optional')
    common[401] = { description: 'The ID token is not valid (send none to ask as a visitor)' };
  if (route.rateLimited)
    common[429] = {
      description: 'Too many requests from this address or user: wait as Retry-After says',
      headers: retryAfter,
    };
  common[503] = {
    description: 'An engine behind the API is briefly out of reach: try again after Retry-After',
    headers: retryAfter,
  };
  return common;
}

const errorContent = {
  'application/json': { schema: { $ref: '#/components/schemas/Error' } },
};

function operation(route: RouteDoc, components: Record<string, unknown>): Record<string, unknown> {
  const security =
    route.auth === 'user'
      ? [{ firebaseIdToken: [] }]
      : route.auth === 'optional'
        ? [{}, { firebaseIdToken: [] }]
        : route.auth === 'operator'
          ? [{ opsToken: [] }]
          : [];
  const own: Record<string, CommonResponse> = Object.fromEntries(
    Object.entries(route.responses).map(([status, doc]) => [status, ownResponse(doc, components)]),
  );
  const responses = Object.fromEntries(
    Object.entries<CommonResponse>({ ...commonResponses(route), ...own })
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([status, response]) => [
        status,
        Number(status) >= 400 && !('content' in response)
          ? { ...response, content: errorContent }
          : response,
      ]),
  );
  return {
    summary: route.summary,
    tags: route.tags,
    operationId: `${route.method}${route.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    security,
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(route.body) } },
          },
        }
      : route.binaryBody
        ? {
            requestBody: {
              required: true,
              description: route.binaryBody.description,
              content: Object.fromEntries(
                route.binaryBody.mediaTypes.map((type) => [
                  type,
                  { schema: { type: 'string', format: 'binary' } },
                ]),
              ),
            },
          }
        : {}),
    responses,
  };
}

export function buildOpenApiDocument(
  routes: readonly RouteDoc[],
  version = '0.1.0',
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const answers: Record<string, unknown> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path]![route.method] = operation(route, answers);
  }
  const tags = [...new Set(routes.flatMap((r) => r.tags))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rewear API',
      version,
      description:
        'Commands (POST/PUT/DELETE) go to command-api, queries (GET) to query-api. Money is in dollars with 2 decimals. ' +
        'Errors are `{ message, details? }`. Command answers carry `position` and the `x-event-position` header; ' +
        'send it back as `x-consistency-token` to read your own writes.',
    },
    servers: [{ url: '/' }],
    tags,
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        firebaseIdToken: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' },
        opsToken: { type: 'http', scheme: 'bearer', description: 'OPS_TOKEN' },
      },
      schemas: {
        Error: errorBody,
        ...Object.fromEntries(Object.entries(answers).sort(([a], [b]) => a.localeCompare(b))),
      },
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A success's body schema, folded (the errors' shape is said once, in the description above). */
function answerBody(status: string, content: Record<string, { schema: unknown }> | undefined) {
  const json = content?.['application/json'];
  if (!json || !status.startsWith('2')) return '';
  return `<details><summary>Answer body</summary><pre>${escapeHtml(JSON.stringify(json.schema, null, 2))}</pre></details>`;
}

/** The shapes the answers name ($ref), each folded under its name. */
function namedSchemas(doc: OpenApiDocument): string {
  const entries = Object.entries(doc.components.schemas).map(
    ([name, schema]) =>
      `<details id="schema-${escapeHtml(name)}"><summary><code>${escapeHtml(name)}</code></summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`,
  );
  return `<section id="schemas"><h2>Schemas</h2>${entries.join('')}</section>`;
}

/** A self-contained HTML page (no CDN) listing every operation with its parameters and body schema. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const sections = doc.tags.map(({ name }) => {
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => (op as { tags: string[] }).tags.includes(name))
        .map(([method, op]) => {
          const o = op as {
            summary: string;
            security: unknown[];
            parameters: Array<{ name: string; in: string; required: boolean; schema: unknown }>;
            requestBody?: { content: Record<string, { schema: unknown }> };
            responses: Record<
              string,
              { description: string; content?: Record<string, { schema: unknown }> }
            >;
          };
          const auth =
            o.security.length === 0
              ? 'open'
              : JSON.stringify(o.security).includes('opsToken')
                ? 'operator token'
                : o.security.some((s) => JSON.stringify(s) === '{}')
                  ? 'visitor or user'
                  : 'signed-in user';
          const params = o.parameters.length
            ? `<table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${o.parameters
                .map(
                  (p) =>
                    `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : ''}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
                )
                .join('')}</table>`
            : '';
          const body = o.requestBody
            ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(o.requestBody.content, null, 2))}</pre></details>`
            : '';
          const responses = `<ul>${Object.entries(o.responses)
            .map(
              ([status, r]) =>
                `<li><b>${status}</b> ${escapeHtml(r.description)}${answerBody(status, r.content)}</li>`,
            )
            .join('')}</ul>`;
          return `<article><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3><p>${escapeHtml(o.summary)} <em>(${auth})</em></p>${params}${body}${responses}</article>`;
        }),
    );
    return `<section id="${escapeHtml(name)}"><h2>${escapeHtml(name)}</h2>${ops.join('')}</section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0 auto;max-width:960px;padding:1rem 1.5rem;color:#1d1d1f;line-height:1.45}
nav a{margin-right:.75rem}article{border:1px solid #ddd;border-radius:8px;padding:.5rem 1rem;margin:.75rem 0}
h3{font-size:1rem;margin:.4rem 0}.m{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .3rem}
.get{background:#2f6fb3}.post{background:#2f8b57}.put{background:#b57a1f}.delete{background:#b33a3a}
table{border-collapse:collapse;font-size:.85rem}td,th{border:1px solid #e3e3e3;padding:.2rem .5rem;text-align:left}
pre{background:#f6f6f6;padding:.5rem;overflow:auto;font-size:.8rem}code{font-size:.85rem}
</style></head><body>
<h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description)}</p><p>Machine-readable: <a href="/api/docs">/api/docs</a> (OpenAPI ${doc.openapi}).</p>
<nav>${doc.tags.map((t) => `<a href="#${escapeHtml(t.name)}">${escapeHtml(t.name)}</a>`).join('')}</nav>
${sections.join('\n')}
${namedSchemas(doc)}
</body></html>`;
}
