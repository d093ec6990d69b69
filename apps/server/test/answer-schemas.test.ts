import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerOutsideSchema, routeOfRequest, type RouteDoc } from '@rewear/platform';
import { commandRoutes, paymentRoutes } from '@rewear/command-api';
import { opsReadRoutes, queryRoutes } from '@rewear/query-api';
import { buildOpenApiDocument, renderDocsPage } from '../src/openapi.ts';

const allRoutes: RouteDoc[] = [
  ...commandRoutes,
  ...paymentRoutes,
  ...queryRoutes,
  ...opsReadRoutes,
];

/** Every `$ref` in a JSON value. */
function refsIn(json: unknown): string[] {
  const text = JSON.stringify(json);
  return [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
}

describe('the answers’ schemas', () => {
  const doc = buildOpenApiDocument(allRoutes);
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      label: `${method.toUpperCase()} ${path}`,
      responses: (op as { responses: Record<string, { content?: Record<string, unknown> }> })
        .responses,
    })),
  );

  it('every success with a body has a schema in the document', () => {
    const without: string[] = [];
    for (const { label, responses } of operations)
      for (const [status, response] of Object.entries(responses)) {
        if (!status.startsWith('2') || status === '204') continue;
        const content = response.content ?? {};
        const json = content['application/json'] as { schema?: object } | undefined;
        if (json ? !json.schema : Object.keys(content).length === 0)
          without.push(`${label} ${status}`);
      }
    expect(without).toEqual([]);
  });

  it('every route documents its successes with a body as a schema (or a media type)', () => {
    const without = allRoutes.flatMap((route) =>
      Object.entries(route.responses)
        .filter(([status, answer]) => {
          if (!status.startsWith('2') || status === '204') return false;
          return typeof answer === 'string' || (!answer.body && !answer.mediaType);
        })
        .map(([status]) => `${route.method.toUpperCase()} ${route.path} ${status}`),
    );
    expect(without).toEqual([]);
  });

  it('names the shapes that repeat once, and every reference resolves', () => {
    const named = Object.keys(doc.components.schemas);
    expect(named).toEqual(
      expect.arrayContaining(['Error', 'Product', 'Cart', 'CartLine', 'OrderRow', 'Shipment']),
    );
    const product = (doc.paths['/api/products/{id}']!.get as Record<string, any>).responses['200'];
    expect(product.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ProductDetail',
    });
    const list = (doc.paths['/api/products']!.get as Record<string, any>).responses['200'];
    expect(list.content['application/json'].schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Product' },
    });
    for (const ref of refsIn(doc)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(named).toContain(ref.slice('#/components/schemas/'.length));
    }
  });

  it('shows the answers’ bodies and the named shapes on the readable page', () => {
    const html = renderDocsPage(doc);
    expect(html).toContain('<summary>Answer body</summary>');
    expect(html).toContain('id="schema-Product"');
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3)/);
  });

  it('describes the answers as sent: no field beyond those named', () => {
    const product = doc.components.schemas.Product as {
      additionalProperties: unknown;
      required: string[];
    };
    expect(product.additionalProperties).toBe(false);
    expect(product.required).toContain('seller_photo');
    expect(product.required).not.toContain('sellerRating');
  });
});

describe('the answers’ check', () => {
  const routes: RouteDoc[] = [
    {
      method: 'get',
      path: '/api/things/{id}',
      summary: 'A thing',
      tags: ['things'],
      auth: 'none',
      responses: {
        200: { description: 'The thing', body: z.strictObject({ id: z.string(), n: z.number() }) },
        404: 'No such thing',
      },
    },
    {
      method: 'get',
      path: '/api/things/featured',
      summary: 'The featured thing',
      tags: ['things'],
      auth: 'none',
      responses: { 200: { description: 'The list', body: z.array(z.string()) } },
    },
    {
      method: 'delete',
      path: '/api/things/{id}',
      summary: 'Deletes a thing',
      tags: ['things'],
      auth: 'none',
      responses: { 204: 'Deleted' },
    },
  ];

  it('matches a request to its route by method and path template, a literal path first', () => {
    expect(routeOfRequest(routes, 'GET', '/api/things/featured?x=1')?.path).toBe(
      '/api/things/featured',
    );
    expect(routeOfRequest(routes, 'GET', '/api/things/abc')?.path).toBe('/api/things/{id}');
    expect(routeOfRequest(routes, 'DELETE', '/api/things/abc')?.method).toBe('delete');
    expect(routeOfRequest(routes, 'GET', '/api/things/abc/more')).toBeNull();
  });

  it('passes answers within their schema, and errors', () => {
    const check = (method: string, url: string, status: number, body: unknown) =>
      answerOutsideSchema(routes, { method, url, status, body });
    expect(check('GET', '/api/things/a', 200, { id: 'a', n: 1 })).toBeNull();
    expect(check('GET', '/api/things/featured', 200, ['a'])).toBeNull();
    expect(check('GET', '/api/things/a', 404, { message: 'No such thing' })).toBeNull();
    expect(check('DELETE', '/api/things/a', 204, null)).toBeNull();
    expect(check('GET', '/api/unknown', 200, { any: 1 })).toBeNull();
  });

  it('names the request, the status and zod’s issues for an answer outside its schema', () => {
    expect(
      answerOutsideSchema(routes, {
        method: 'GET',
        url: '/api/things/a?y=2',
        status: 200,
        body: { id: 'a', n: '1', extra: true },
      }),
    ).toBe(
      'GET /api/things/a answered 200, outside its schema: ' +
        'n: Invalid input: expected number, received string; (body): Unrecognized key: "extra"',
    );
    expect(
      answerOutsideSchema(routes, {
        method: 'GET',
        url: '/api/things/a',
        status: 201,
        body: { id: 'a', n: 1 },
      }),
    ).toMatch(/^GET \/api\/things\/a answered 201, a status its route .* does not document$/);
    expect(
      answerOutsideSchema(routes, {
        method: 'DELETE',
        url: '/api/things/a',
        status: 204,
        body: { id: 'a' },
      }),
    ).toMatch(/outside its schema: a body where none is documented/);
  });
});
