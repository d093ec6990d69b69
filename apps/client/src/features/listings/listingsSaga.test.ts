import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSaga, type Saga } from 'redux-saga';
import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import { IDEMPOTENCY_HEADER } from '@rewear/contracts';
import { ApiError, type Api } from '../../api/http.ts';
import authReducer, { authStateChanged } from '../auth/authSlice.ts';
import listingsReducer, {
  brandCreated,
  createBrand,
  deleteEditedListing,
  deleteMyListing,
  draftChanged,
  editFormChanged,
  editOpened,
  fetchMyListings,
  nextStep,
  photosChosen,
  previousStep,
  referenceDataLoaded,
  saveListing,
  submitListing,
  wizardStarted,
} from './listingsSlice.ts';
import {
  browser,
  createBrandSaga,
  deleteEditedListingSaga,
  deleteMyListingSaga,
  editOpenedSaga,
  fetchMyListingsSaga,
  saveListingSaga,
  submitListingSaga,
  uploadPhotosSaga,
} from './listingsSaga.ts';
import { sampleProduct } from './fixtures.ts';
import { buildUpdatePayload, formFromProduct } from './editListing.ts';
import { fakeApi } from '../../api/fakeApi.ts';

const reducer = combineReducers({ auth: authReducer, listings: listingsReducer });
type State = ReturnType<typeof reducer>;

const signedIn = (uid = 'u1') =>
  reducer(
    undefined,
    authStateChanged({ uid, email: 'ada@example.com', displayName: 'Ada', photoURL: null }),
  );

async function run(api: Api, start: State, saga: Saga, action: UnknownAction) {
  let state = reducer(start, action);
  const task = runSaga(
    {
      context: { api },
      getState: () => state,
      dispatch: (a: UnknownAction) => {
        state = reducer(state, a);
      },
    },
    saga,
    action,
  );
  // Tests of failing commands use fake timers: the retries' waits pass at once.
  if (vi.isFakeTimers()) await vi.runAllTimersAsync();
  await task.toPromise();
  return state;
}

const reference = {
  'GET /api/brands/': () => [{ id: 'b1', name: 'Levi', image: null }],
  'GET /api/categories/': () => [
    { id: 5, name: 'Outerwear', image: '', description: '', itemCount: 1 },
  ],
};

beforeEach(() => {
  // jsdom cannot scroll.
  vi.spyOn(browser, 'scrollToTop').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('photos', () => {
  it('uploads each chosen file with its own Idempotency-Key and lists it by id; a refusal shows on the photo', async () => {
    const good = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'front.jpg', {
      type: 'image/jpeg',
    });
    const bad = new File([new Uint8Array([1, 2, 3])], 'back.jpg', { type: 'image/jpeg' });
    const gif = new File([new Uint8Array([1])], 'anim.gif', { type: 'image/gif' });
    const api = fakeApi({
      'POST /api/photos': (body) => {
        if (body === bad) throw new ApiError(400, 'Photos must be JPEG, PNG or WebP');
        return { photoId: 'a'.repeat(32) };
      },
    });
    const state = await run(
      api,
      signedIn(),
      uploadPhotosSaga as Saga,
      photosChosen('wizard', [good, bad, gif]),
    );
    // The GIF is refused before anything is sent.
    expect(api.calls.map((c) => c.body)).toEqual([good, bad]);
    expect(api.calls.every((c) => c.options?.headers?.[IDEMPOTENCY_HEADER])).toBe(true);
    expect(
      state.listings.wizard.draft.photos.map((p) => [p.name, p.status, p.photoId, p.error]),
    ).toEqual([
      ['front.jpg', 'ready', 'a'.repeat(32), null],
      ['back.jpg', 'failed', null, 'Photos must be JPEG, PNG or WebP'],
      ['anim.gif', 'failed', null, 'Photos must be JPEG, PNG or WebP'],
    ]);
  });
});

describe('listing wizard', () => {
  const step1 = { title: 'Denim jacket', description: 'Barely worn', price: '24.50' };
  const step2 = { brandId: 'b1', brandName: 'Levi', categoryId: 5, conditionId: 3 };

  it('continues only when the current step is valid, and goes back', () => {
    let state = reducer(undefined, wizardStarted());
    state = reducer(state, nextStep());
    expect(state.listings.wizard.step).toBe(1);
    state = reducer(state, draftChanged(step1));
    state = reducer(state, nextStep());
    expect(state.listings.wizard.step).toBe(2);
    state = reducer(state, nextStep());
    expect(state.listings.wizard.step).toBe(2);
    state = reducer(state, draftChanged(step2));
    state = reducer(state, nextStep());
    expect(state.listings.wizard.step).toBe(3);
    state = reducer(state, previousStep());
    expect(state.listings.wizard.step).toBe(2);
  });

  it('creates the listing and navigates to it with the spec message', async () => {
    const api = fakeApi({
      'POST /api/products': () => sampleProduct({ product_id: 'p9', id: 'p9' }),
    });
    let state = reducer(signedIn(), draftChanged({ ...step1, ...step2 }));
    state = await run(api, state, submitListingSaga as Saga, submitListing());
    expect(api.calls[0]!.body).toMatchObject({
      title: 'Denim jacket',
      price: 24.5,
      condition_ids: [3],
      seller_id: 'u1',
    });
    expect(state.listings.wizard).toMatchObject({
      submitting: false,
      done: { path: '/products/p9', message: 'Product created successfully' },
    });
  });

  it('asks a signed-out user to sign in and sends nothing', async () => {
    const api = fakeApi({});
    const state = await run(
      api,
      reducer(undefined, draftChanged({ ...step1, ...step2 })),
      submitListingSaga as Saga,
      submitListing(),
    );
    expect(state.listings.wizard.error).toBe('Please sign in to create a listing.');
    expect(api.calls).toHaveLength(0);
  });

  it('maps a brand reference error from the server', async () => {
    const api = fakeApi({
      'POST /api/products': () => {
        throw new ApiError(400, 'Unknown brand_id');
      },
    });
    const state = await run(
      api,
      reducer(signedIn(), draftChanged({ ...step1, ...step2 })),
      submitListingSaga as Saga,
      submitListing(),
    );
    expect(state.listings.wizard.error).toBe(
      'Selected brand is invalid. Please try selecting a different brand.',
    );
  });

  it('creates a brand from the trimmed typed name and selects it', async () => {
    const api = fakeApi({
      'POST /api/brands/find-or-create': () => ({
        id: 'b7',
        name: 'Acne',
        image: null,
        created: true,
      }),
    });
    const state = await run(
      api,
      signedIn(),
      createBrandSaga as Saga,
      createBrand({ name: '  Acne ' }),
    );
    expect(api.calls[0]!.body).toEqual({ name: 'Acne' });
    expect(state.listings.wizard.draft).toMatchObject({ brandId: 'b7', brandName: 'Acne' });
    expect(state.listings.brands.items.map((b) => b.id)).toContain('b7');
  });

  it('keeps a brand created here when a brand list asked for before it arrives after it', () => {
    const created = listingsReducer(
      undefined,
      brandCreated({ id: 'b7', name: 'Atelier', image: null }),
    );
    const loaded = listingsReducer(
      created,
      referenceDataLoaded({ brands: [{ id: 'b1', name: 'Zara', image: null }], categories: null }),
    );
    expect(loaded.brands.items.map((b) => b.id)).toEqual(['b7', 'b1']);
    expect(loaded.brands.status).toBe('loaded');
    // And an edit of a listing of that brand still finds its id.
    const payload = buildUpdatePayload(
      'p1',
      formFromProduct(sampleProduct({ brand_id: 'b7', brand_name: 'Atelier' })),
      sampleProduct({ brand_id: 'b7', brand_name: 'Atelier' }),
      { brands: loaded.brands.items, categories: loaded.categories },
    );
    expect(payload).toMatchObject({ brand_id: 'b7' });
  });

  it('alerts when the brand cannot be created', async () => {
    vi.useFakeTimers();
    const alert = vi.spyOn(browser, 'alert').mockImplementation(() => {});
    const api = fakeApi({});
    const state = await run(
      api,
      signedIn(),
      createBrandSaga as Saga,
      createBrand({ name: 'Acne' }),
    );
    expect(alert).toHaveBeenCalledWith('Failed to create brand. Please try again.');
    expect(state.listings.wizard.creatingBrand).toBe(false);
    // Three attempts of the one action, all with the same Idempotency-Key.
    expect(api.calls).toHaveLength(3);
    expect(new Set(api.calls.map((c) => c.options?.headers?.[IDEMPOTENCY_HEADER])).size).toBe(1);
  });
});

describe('edit flow', () => {
  it('redirects a bad id to /products after 2 seconds', async () => {
    vi.useFakeTimers();
    const api = fakeApi({});
    let state = reducer(signedIn(), editOpened({ productId: 'undefined' }));
    expect(state.listings.edit).toMatchObject({
      status: 'invalidId',
      error: 'Invalid product ID. Redirecting...',
    });
    const dispatched: UnknownAction[] = [];
    const task = runSaga(
      {
        context: { api },
        getState: () => state,
        dispatch: (a: UnknownAction) => {
          dispatched.push(a);
          state = reducer(state, a);
        },
      },
      editOpenedSaga as Saga,
      editOpened({ productId: 'undefined' }),
    );
    await vi.advanceTimersByTimeAsync(1999);
    expect(state.listings.edit.done).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await task.toPromise();
    expect(state.listings.edit.done).toEqual({ path: '/products', message: null });
    expect(api.calls).toHaveLength(0);
  });

  it('loads the product with the reference data', async () => {
    const api = fakeApi({ ...reference, 'GET /api/products/p1': () => sampleProduct() });
    const state = await run(
      api,
      signedIn(),
      editOpenedSaga as Saga,
      editOpened({ productId: 'p1' }),
    );
    expect(state.listings.edit.status).toBe('loaded');
    expect(state.listings.edit.form).toEqual({
      title: 'Denim jacket',
      description: 'Barely worn',
      price: '24.5',
      originalPrice: '',
      stock: '1',
      image: '/images/p1.jpg',
      photos: [],
    });
    expect(state.listings.brands.status).toBe('loaded');
  });

  it('tells a missing product from a load error', async () => {
    const missing = fakeApi({
      ...reference,
      'GET /api/products/p1': () => {
        throw new ApiError(404, 'Product not found');
      },
    });
    expect(
      (await run(missing, signedIn(), editOpenedSaga as Saga, editOpened({ productId: 'p1' })))
        .listings.edit,
    ).toMatchObject({
      status: 'notFound',
      error: 'Product not found',
    });
    const broken = fakeApi({
      ...reference,
      'GET /api/products/p1': () => {
        throw new ApiError(500, 'Database unavailable');
      },
    });
    expect(
      (await run(broken, signedIn(), editOpenedSaga as Saga, editOpened({ productId: 'p1' })))
        .listings.edit,
    ).toMatchObject({
      status: 'failed',
      error: 'Failed to load product: Database unavailable',
    });
  });

  async function loaded(api: Api) {
    return run(api, signedIn(), editOpenedSaga as Saga, editOpened({ productId: 'p1' }));
  }

  it('saves the edited fields and navigates to the product with the spec message', async () => {
    const api = fakeApi({
      ...reference,
      'GET /api/products/p1': () => sampleProduct(),
      'PUT /api/products/p1': (body) => ({ ...sampleProduct(), ...(body as object) }),
    });
    let state = reducer(
      await loaded(api),
      editFormChanged({ title: 'Blue denim jacket', price: '19.99' }),
    );
    state = await run(api, state, saveListingSaga as Saga, saveListing());
    expect(api.calls.at(-1)).toMatchObject({
      method: 'PUT',
      body: { title: 'Blue denim jacket', price: 19.99, brand_id: 'b1', category_id: 5 },
    });
    expect(state.listings.edit).toMatchObject({
      saving: false,
      done: { path: '/products/p1', message: 'Product updated successfully' },
    });
  });

  it('refuses blank required fields without calling the server', async () => {
    const api = fakeApi({ ...reference, 'GET /api/products/p1': () => sampleProduct() });
    let state = reducer(await loaded(api), editFormChanged({ description: '  ' }));
    const before = api.calls.length;
    state = await run(api, state, saveListingSaga as Saga, saveListing());
    expect(state.listings.edit).toMatchObject({
      saving: false,
      saveError: 'Title, price, and description are required',
      done: null,
    });
    expect(api.calls.length).toBe(before);
  });

  it("shows the server's refusal when the user is not the seller", async () => {
    const api = fakeApi({
      ...reference,
      'GET /api/products/p1': () => sampleProduct(),
      'PUT /api/products/p1': () => {
        throw new ApiError(403, 'Only the seller can change this listing');
      },
    });
    const state = await run(api, await loaded(api), saveListingSaga as Saga, saveListing());
    expect(state.listings.edit.saveError).toBe('Only the seller can change this listing');
  });

  it('deletes and navigates to /products with the spec message', async () => {
    const api = fakeApi({
      ...reference,
      'GET /api/products/p1': () => sampleProduct(),
      'DELETE /api/products/p1': () => undefined,
    });
    const state = await run(
      api,
      await loaded(api),
      deleteEditedListingSaga as Saga,
      deleteEditedListing(),
    );
    expect(state.listings.edit.done).toEqual({
      path: '/products',
      message: 'Product deleted successfully',
    });
  });
});

describe('My Listings', () => {
  it('treats 404 as no listings', async () => {
    const api = fakeApi({
      'GET /api/products/seller/u1': () => {
        throw new ApiError(404, 'No products');
      },
    });
    const state = await run(
      api,
      signedIn(),
      fetchMyListingsSaga as Saga,
      fetchMyListings({ uid: 'u1' }),
    );
    expect(state.listings.mine).toMatchObject({ status: 'loaded', items: [] });
  });

  it('removes a deleted listing locally, and alerts when deleting fails', async () => {
    const api = fakeApi({
      'GET /api/products/seller/u1': () => [
        sampleProduct(),
        sampleProduct({ product_id: 'p2', id: 'p2' }),
      ],
      'DELETE /api/products/p1': () => undefined,
    });
    let state = await run(
      api,
      signedIn(),
      fetchMyListingsSaga as Saga,
      fetchMyListings({ uid: 'u1' }),
    );
    expect(reducer(state, deleteMyListing({ productId: 'p1' })).listings.mine.deleting).toEqual([
      'p1',
    ]);
    state = await run(
      api,
      state,
      deleteMyListingSaga as Saga,
      deleteMyListing({ productId: 'p1' }),
    );
    expect(state.listings.mine.items.map((p) => p.product_id)).toEqual(['p2']);
    expect(state.listings.mine.deleting).toEqual([]);

    const alert = vi.spyOn(browser, 'alert').mockImplementation(() => {});
    vi.useFakeTimers();
    state = await run(
      api,
      state,
      deleteMyListingSaga as Saga,
      deleteMyListing({ productId: 'p2' }),
    );
    expect(alert).toHaveBeenCalledWith('Failed to delete listing. Please try again.');
    expect(state.listings.mine.items.map((p) => p.product_id)).toEqual(['p2']);
  });
});
