/** Steps of the social journeys done through the API where the screens are not the point. */
import { expect, type APIRequestContext } from '@playwright/test';
import type { BrandView, CategoryView, Product } from '@rewear/contracts';
import type { TestUser } from './app.ts';

const emulatorHost = () => process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || '127.0.0.1:9099';

/** A fresh ID token of a user already signed up on the emulator. */
export async function idTokenOf(user: TestUser): Promise<string> {
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
    },
  );
  const json = (await response.json()) as { idToken?: string };
  expect(json.idToken, 'signed in on the emulator').toBeTruthy();
  return json.idToken!;
}

/** Another listing of a registered seller, as the seller's API call makes it. */
export async function listAnother(
  request: APIRequestContext,
  seller: TestUser,
  listing: { title: string; price: number; categoryName?: string },
): Promise<Product> {
  const headers = { authorization: `Bearer ${await idTokenOf(seller)}` };
  const brands = (await (await request.get('/api/brands/')).json()) as BrandView[];
  const categories = (await (await request.get('/api/categories/')).json()) as CategoryView[];
  const category = categories.find((c) => c.name === listing.categoryName) ?? categories[0]!;
  const created = await request.post('/api/products', {
    headers,
    data: {
      title: listing.title,
      price: listing.price,
      description: 'Worn twice, washed, no marks.',
      brand_id: brands[0]!.id,
      category_id: category.id,
      condition_ids: [3],
      image: '/images/garments/tops-blue.svg',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Product;
}
