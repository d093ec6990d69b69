/**
 * A seller set up through the API where the screens are not the point: an account on the Auth
 * emulator the storefront uses, registered, with one listing of its own for a buyer to pay for.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { BrandView, CategoryView, Product } from '@rewear/contracts';
import type { TestUser } from './app.ts';

/** The emulator the storefront verifies tokens with (the server starts one on 9099 when unset). */
const emulatorHost = () => process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || '127.0.0.1:9099';

async function emulatorCall<T>(method: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  const json = (await response.json()) as T & { error?: { message?: string } };
  if (!response.ok)
    throw new Error(`Auth emulator ${method} failed: ${json.error?.message ?? response.status}`);
  return json;
}

/** Signs `user` up on the emulator with their display name; answers an ID token. */
async function signUp(user: TestUser): Promise<{ uid: string; idToken: string }> {
  const created = await emulatorCall<{ localId: string; idToken: string }>('signUp', {
    email: user.email,
    password: user.password,
    returnSecureToken: true,
  });
  await emulatorCall('update', {
    idToken: created.idToken,
    displayName: user.displayName,
    returnSecureToken: true,
  });
  // A fresh token carries the display name (the listing's seller name comes from it).
  const signedIn = await emulatorCall<{ idToken: string }>('signInWithPassword', {
    email: user.email,
    password: user.password,
    returnSecureToken: true,
  });
  return { uid: created.localId, idToken: signedIn.idToken };
}

/** A fresh ID token of `user` (signed up already), for calling the API as them. */
export async function idTokenOf(user: TestUser): Promise<string> {
  const signedIn = await emulatorCall<{ idToken: string }>('signInWithPassword', {
    email: user.email,
    password: user.password,
    returnSecureToken: true,
  });
  return signedIn.idToken;
}

type ListingSpec = { title: string; price: number; stock?: number };

/** Another listing of a seller `sellerWithListing` set up (signed in again on the emulator). */
export async function anotherListing(
  request: APIRequestContext,
  user: TestUser,
  listing: ListingSpec,
): Promise<Product> {
  return postListing(request, await idTokenOf(user), listing);
}

async function postListing(
  request: APIRequestContext,
  idToken: string,
  listing: ListingSpec,
): Promise<Product> {
  const brands = (await (await request.get('/api/brands/')).json()) as BrandView[];
  const categories = (await (await request.get('/api/categories/')).json()) as CategoryView[];
  const created = await request.post('/api/products', {
    headers: { authorization: `Bearer ${idToken}` },
    data: {
      title: listing.title,
      price: listing.price,
      description: 'Worn twice, washed, no marks.',
      brand_id: brands[0]!.id,
      category_id: categories[0]!.id,
      condition_ids: [3],
      image: '/images/garments/tops-blue.svg',
      ...(listing.stock === undefined ? {} : { stock: listing.stock }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Product;
}

/** `user` signed up on the emulator and registered with the storefront: their uid and ID token. */
export async function registeredUser(
  request: APIRequestContext,
  user: TestUser,
): Promise<{ uid: string; idToken: string }> {
  const account = await signUp(user);
  const registered = await request.post('/api/users/register', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: { uid: account.uid, email: user.email, display_name: user.displayName },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return account;
}

/**
 * `user` registered as a seller with one listing priced `price` dollars (`stock` units, 1 unless
 * said); answers the listing.
 */
export async function sellerWithListing(
  request: APIRequestContext,
  user: TestUser,
  listing: ListingSpec,
): Promise<Product> {
  const { idToken } = await registeredUser(request, user);
  return postListing(request, idToken, listing);
}
