import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteDoc } from '@rewear/platform';
import { buildOpenApiDocument, renderDocsPage } from '../src/openapi.ts';

const routes: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/cart/add-item',
    summary: 'Adds units of a listing to the cart',
    tags: ['cart'],
    auth: 'user',
    body: z.object({
      cartId: z.string(),
      productId: z.string(),
      quantity: z.number().int().min(1),
    }),
    responses: { 200: 'The cart', 409: 'Only {n} available' },
  },
  {
    method: 'get',
    path: '/api/products/{id}/availability',
    summary: 'Units available <now>',
    tags: ['catalogue'],
    auth: 'none',
    params: z.object({ id: z.string() }),
    query: z.object({ quantity: z.coerce.number().int().default(1) }),
    responses: { 200: 'Availability', 404: 'Unknown product' },
  },
];

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument(routes);

  it('describes each route with its schemas, auth and responses', () => {
    expect(doc.openapi).toBe('3.1.0');
    const add = doc.paths['/api/cart/add-item']!.post as Record<string, any>;
    expect(add.security).toEqual([{ firebaseIdToken: [] }]);
    expect(add.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['cartId', 'productId', 'quantity'],
      properties: { quantity: { type: 'integer', minimum: 1 } },
    });
    expect(add.responses['409'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });

    const availability = doc.paths['/api/products/{id}/availability']!.get as Record<string, any>;
    expect(availability.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      expect.objectContaining({ name: 'quantity', in: 'query', required: false }),
    ]);
    expect(availability.security).toEqual([]);
    expect(doc.tags.map((t) => t.name)).toEqual(['cart', 'catalogue']);
  });

  it('documents the answers every route of its kind can give, the route’s own description first', () => {
    const add = doc.paths['/api/cart/add-item']!.post as Record<string, any>;
    expect(Object.keys(add.responses)).toEqual(['200', '400', '401', '409', '503']);
    const limited = buildOpenApiDocument([{ ...routes[0]!, rateLimited: true }]);
    const tooMany = (limited.paths['/api/cart/add-item']!.post as Record<string, any>).responses[
      '429'
    ];
    expect(tooMany.headers['Retry-After']).toMatchObject({ required: true });
    expect(tooMany.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });

    const open = buildOpenApiDocument([{ ...routes[1]!, responses: { 200: 'ok', 400: 'Mine' } }]);
    const availability = open.paths['/api/products/{id}/availability']!.get as Record<string, any>;
    // An open route has no 401 to give; its own 400 replaces the common one.
    expect(Object.keys(availability.responses)).toEqual(['200', '400', '503']);
    expect(availability.responses['400'].description).toBe('Mine');
  });

  it('renders a self-contained page with every operation, escaped', () => {
    const html = renderDocsPage(doc);
    expect(html).toContain('/api/cart/add-item');
    expect(html).toContain('Units available &lt;now&gt;');
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3)/);
  });
});
