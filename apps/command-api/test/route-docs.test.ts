import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commandRoutes } from '../src/index.ts';

describe('commandRoutes', () => {
  it('marks every rate-limited command route so its 429 is documented, and not the payment webhook', () => {
    const limited = (path: string) => commandRoutes.find((r) => r.path === path)?.rateLimited;
    expect(limited('/api/listings/{id}/offers')).toBe(true);
    expect(limited('/api/conversations/{conversationId}/messages')).toBe(true);
    expect(limited('/api/cart/add-item')).toBe(true);
    expect(limited('/api/payments/webhook')).toBe(false);
  });

  it('describes every command route of the API table once', () => {
    const routes = commandRoutes.map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const expected of [
      'POST /api/users/register',
      'POST /api/cart/create',
      'POST /api/cart/add-item',
      'DELETE /api/cart/remove-item',
      'PUT /api/cart/update-item',
      'POST /api/cart/clear',
      'POST /api/cart/merge',
      'POST /api/wishlist',
      'DELETE /api/wishlist/user/{uid}/product/{productId}',
      'DELETE /api/wishlist/user/{uid}',
      'POST /api/orders',
      'PUT /api/orders/{id}/update-payment',
      'POST /api/orders/{id}/resume-payment',
      'POST /api/payments/webhook',
      'POST /api/products',
      'PUT /api/products/{id}',
      'DELETE /api/products/{id}',
      'POST /api/brands',
      'POST /api/brands/find-or-create',
      'POST /api/newsletter/subscribe',
      'POST /api/newsletter/unsubscribe',
      'POST /api/collections',
      'POST /api/collections/{id}/follow',
    ])
      expect(routes).toContain(expected);
  });

  it('uses schemas that convert to JSON Schema for the OpenAPI document', () => {
    for (const route of commandRoutes) {
      for (const schema of [route.body, route.params])
        if (schema) expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    }
  });
});
