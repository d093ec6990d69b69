/**
 * The seller's screens (docs/product.md §2 Create listing, Edit listing, My Listings; §4 Listing wizard, Edit flow).
 * Reference data (brands, categories) is shared by the wizard and the edit screen.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { CATEGORIES, type BrandView, type CategoryView, type Product } from '@rewear/contracts';
import { emptyDraft, isStepValid, type ListingDraft, type WizardStep } from './listingDraft.ts';
import { formFromProduct, isValidProductId, type EditForm } from './editListing.ts';
import {
  addPhotos,
  fileProblem,
  movePhoto,
  removePhoto,
  TOO_MANY_PHOTOS_MESSAGE,
  type ListingPhoto,
} from './photos.ts';

/** Which screen's photos an action is about. */
export type PhotoTarget = 'wizard' | 'edit';

let photoKeys = 0;
const newPhotoKey = () => `photo-${Date.now().toString(36)}-${++photoKeys}`;

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type EditStatus = 'idle' | 'invalidId' | 'loading' | 'loaded' | 'notFound' | 'failed';

/** Where to go after a mutation, with the message the next page shows. */
export interface Navigation {
  path: string;
  message: string | null;
}

export interface ListingsState {
  brands: { status: LoadStatus; items: BrandView[]; error: string | null };
  categories: CategoryView[];
  wizard: {
    step: WizardStep;
    draft: ListingDraft;
    submitting: boolean;
    creatingBrand: boolean;
    error: string | null;
    done: Navigation | null;
    /** Why some chosen photos were left out (over the limit). */
    photoNotice: string | null;
  };
  mine: {
    status: LoadStatus;
    uid: string | null;
    items: Product[];
    error: string | null;
    deleting: string[];
  };
  edit: {
    status: EditStatus;
    productId: string | null;
    product: Product | null;
    form: EditForm;
    error: string | null;
    saving: boolean;
    deleting: boolean;
    saveError: string | null;
    done: Navigation | null;
    photoNotice: string | null;
  };
}

const fallbackCategories = (): CategoryView[] =>
  CATEGORIES.map((c) => ({
    id: c.id,
    name: c.name,
    image: c.image,
    description: c.description,
    itemCount: 0,
  }));

const emptyForm: EditForm = {
  title: '',
  description: '',
  price: '',
  originalPrice: '',
  stock: '',
  image: '',
  photos: [],
};

export const initialListingsState: ListingsState = {
  brands: { status: 'idle', items: [], error: null },
  categories: fallbackCategories(),
  wizard: {
    step: 1,
    draft: emptyDraft(),
    submitting: false,
    creatingBrand: false,
    error: null,
    done: null,
    photoNotice: null,
  },
  mine: { status: 'idle', uid: null, items: [], error: null, deleting: [] },
  edit: {
    status: 'idle',
    productId: null,
    product: null,
    form: emptyForm,
    error: null,
    saving: false,
    deleting: false,
    saveError: null,
    done: null,
    photoNotice: null,
  },
};

const photoScreen = (state: ListingsState, target: PhotoTarget) =>
  target === 'wizard'
    ? { photos: state.wizard.draft.photos, holder: state.wizard.draft, screen: state.wizard }
    : { photos: state.edit.form.photos, holder: state.edit.form, screen: state.edit };

function updatePhoto(
  state: ListingsState,
  target: PhotoTarget,
  key: string,
  change: Partial<ListingPhoto>,
) {
  const photo = photoScreen(state, target).photos.find((p) => p.key === key);
  if (photo) Object.assign(photo, change);
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

const listingsSlice = createSlice({
  name: 'listings',
  initialState: initialListingsState,
  reducers: {
    // Reference data
    loadReferenceData(state) {
      if (state.brands.status !== 'loaded') state.brands.status = 'loading';
      state.brands.error = null;
    },
    referenceDataLoaded(
      state,
      action: PayloadAction<{ brands: BrandView[]; categories: CategoryView[] | null }>,
    ) {
      // Brands created here meanwhile stay: a list asked for before the creation, or read from a
      // replica that has not seen it yet, does not have them (brands are never deleted).
      const loaded = new Set(action.payload.brands.map((brand) => brand.id));
      const createdHere = state.brands.items.filter((brand) => !loaded.has(brand.id));
      state.brands = {
        status: 'loaded',
        items: [...action.payload.brands, ...createdHere].sort(byName),
        error: null,
      };
      if (action.payload.categories && action.payload.categories.length)
        state.categories = action.payload.categories;
    },
    referenceDataFailed(state, action: PayloadAction<string>) {
      state.brands.status = 'failed';
      state.brands.error = action.payload;
    },

    // Create-listing wizard
    wizardStarted(state) {
      state.wizard = { ...initialListingsState.wizard, draft: emptyDraft() };
    },
    draftChanged(state, action: PayloadAction<Partial<ListingDraft>>) {
      Object.assign(state.wizard.draft, action.payload);
      state.wizard.error = null;
    },
    nextStep(state) {
      const { step, draft } = state.wizard;
      if (step < 3 && isStepValid(step, draft)) state.wizard.step = (step + 1) as WizardStep;
    },
    previousStep(state) {
      if (state.wizard.step > 1) state.wizard.step = (state.wizard.step - 1) as WizardStep;
    },
    createBrand(state, _action: PayloadAction<{ name: string }>) {
      state.wizard.creatingBrand = true;
    },
    brandCreated(state, action: PayloadAction<BrandView>) {
      state.wizard.creatingBrand = false;
      const brand = action.payload;
      if (!state.brands.items.some((b) => b.id === brand.id)) {
        state.brands.items.push(brand);
        state.brands.items.sort(byName);
      }
      state.wizard.draft.brandId = brand.id;
      state.wizard.draft.brandName = brand.name;
    },
    brandCreationFailed(state) {
      state.wizard.creatingBrand = false;
    },
    submitListing(state) {
      state.wizard.submitting = true;
      state.wizard.error = null;
    },
    listingCreated(state, action: PayloadAction<{ productId: string }>) {
      state.wizard.submitting = false;
      state.wizard.done = {
        path: `/products/${action.payload.productId}`,
        message: 'Product created successfully',
      };
      // The seller's list is stale now; the profile reloads it.
      state.mine.status = 'idle';
    },
    listingCreationFailed(state, action: PayloadAction<string>) {
      state.wizard.submitting = false;
      state.wizard.error = action.payload;
    },

    // My Listings
    fetchMyListings(state, action: PayloadAction<{ uid: string }>) {
      const sameUser = state.mine.uid === action.payload.uid;
      state.mine = {
        status: 'loading',
        uid: action.payload.uid,
        items: sameUser ? state.mine.items : [],
        error: null,
        deleting: sameUser ? state.mine.deleting : [],
      };
    },
    myListingsLoaded(state, action: PayloadAction<Product[]>) {
      state.mine.status = 'loaded';
      state.mine.items = action.payload;
    },
    myListingsFailed(state, action: PayloadAction<string>) {
      state.mine.status = 'failed';
      state.mine.error = action.payload;
    },
    deleteMyListing(state, action: PayloadAction<{ productId: string }>) {
      if (!state.mine.deleting.includes(action.payload.productId))
        state.mine.deleting.push(action.payload.productId);
    },
    myListingDeleted(state, action: PayloadAction<{ productId: string }>) {
      state.mine.deleting = state.mine.deleting.filter((id) => id !== action.payload.productId);
      state.mine.items = state.mine.items.filter((p) => p.product_id !== action.payload.productId);
    },
    myListingDeleteFailed(state, action: PayloadAction<{ productId: string }>) {
      state.mine.deleting = state.mine.deleting.filter((id) => id !== action.payload.productId);
    },

    // Edit listing
    editOpened(state, action: PayloadAction<{ productId: string | undefined }>) {
      const id = action.payload.productId;
      state.edit = { ...initialListingsState.edit, productId: id ?? null };
      if (!isValidProductId(id)) {
        state.edit.status = 'invalidId';
        state.edit.error = 'Invalid product ID. Redirecting...';
      } else {
        state.edit.status = 'loading';
      }
    },
    editLoaded(state, action: PayloadAction<Product>) {
      state.edit.status = 'loaded';
      state.edit.product = action.payload;
      state.edit.form = formFromProduct(action.payload);
    },
    editNotFound(state) {
      state.edit.status = 'notFound';
      state.edit.error = 'Product not found';
    },
    editLoadFailed(state, action: PayloadAction<string>) {
      state.edit.status = 'failed';
      state.edit.error = action.payload;
    },
    editFormChanged(state, action: PayloadAction<Partial<EditForm>>) {
      Object.assign(state.edit.form, action.payload);
    },
    saveListing(state) {
      state.edit.saving = true;
      state.edit.saveError = null;
    },
    listingSaved(state, action: PayloadAction<Product | null>) {
      state.edit.saving = false;
      if (action.payload) state.edit.product = action.payload;
      state.edit.done = {
        path: `/products/${state.edit.productId}`,
        message: 'Product updated successfully',
      };
      state.mine.status = 'idle';
    },
    saveFailed(state, action: PayloadAction<string>) {
      state.edit.saving = false;
      state.edit.saveError = action.payload;
    },
    deleteEditedListing(state) {
      state.edit.deleting = true;
      state.edit.saveError = null;
    },
    editedListingDeleted(state) {
      state.edit.deleting = false;
      state.mine.items = state.mine.items.filter((p) => p.product_id !== state.edit.productId);
      state.edit.done = { path: '/products', message: 'Product deleted successfully' };
    },
    deleteFailed(state, action: PayloadAction<string>) {
      state.edit.deleting = false;
      state.edit.saveError = action.payload;
    },
    invalidIdRedirect(state) {
      state.edit.done = { path: '/products', message: null };
    },
    // Photos (wizard and edit screen alike)
    /** Files chosen or dropped: each is listed at once and uploaded by the saga (meta.files). */
    photosChosen: {
      reducer(
        state,
        action: PayloadAction<{ target: PhotoTarget; items: ListingPhoto[] }, string, unknown>,
      ) {
        const { holder, photos, screen } = photoScreen(state, action.payload.target);
        const { photos: next, refused } = addPhotos(photos, action.payload.items);
        holder.photos = next;
        screen.photoNotice = refused > 0 ? TOO_MANY_PHOTOS_MESSAGE : null;
      },
      prepare(target: PhotoTarget, files: File[]) {
        const items: ListingPhoto[] = files.map((file) => {
          const problem = fileProblem(file);
          return {
            key: newPhotoKey(),
            name: file.name,
            photoId: null,
            status: problem ? 'failed' : 'uploading',
            error: problem,
          };
        });
        // The files themselves stay out of the state: only the saga reads them.
        return { payload: { target, items }, meta: { files } };
      },
    },
    photoUploaded(
      state,
      action: PayloadAction<{ target: PhotoTarget; key: string; photoId: string }>,
    ) {
      const { target, key, photoId } = action.payload;
      updatePhoto(state, target, key, { photoId, status: 'ready', error: null });
    },
    photoUploadFailed(
      state,
      action: PayloadAction<{ target: PhotoTarget; key: string; error: string }>,
    ) {
      const { target, key, error } = action.payload;
      updatePhoto(state, target, key, { status: 'failed', error });
    },
    photoMoved(
      state,
      action: PayloadAction<{ target: PhotoTarget; index: number; delta: number }>,
    ) {
      const { target, index, delta } = action.payload;
      const { holder, photos } = photoScreen(state, target);
      holder.photos = movePhoto(photos, index, delta);
    },
    photoRemoved(state, action: PayloadAction<{ target: PhotoTarget; key: string }>) {
      const { holder, photos, screen } = photoScreen(state, action.payload.target);
      holder.photos = removePhoto(photos, action.payload.key);
      screen.photoNotice = null;
    },

    /** The page followed `done`; the next visit starts clean. */
    navigationHandled(state) {
      state.wizard.done = null;
      state.edit.done = null;
    },
  },
});

export const {
  loadReferenceData,
  referenceDataLoaded,
  referenceDataFailed,
  wizardStarted,
  draftChanged,
  nextStep,
  previousStep,
  createBrand,
  brandCreated,
  brandCreationFailed,
  submitListing,
  listingCreated,
  listingCreationFailed,
  fetchMyListings,
  myListingsLoaded,
  myListingsFailed,
  deleteMyListing,
  myListingDeleted,
  myListingDeleteFailed,
  editOpened,
  editLoaded,
  editNotFound,
  editLoadFailed,
  editFormChanged,
  saveListing,
  listingSaved,
  saveFailed,
  deleteEditedListing,
  editedListingDeleted,
  deleteFailed,
  invalidIdRedirect,
  navigationHandled,
  photosChosen,
  photoUploaded,
  photoUploadFailed,
  photoMoved,
  photoRemoved,
} = listingsSlice.actions;

export default listingsSlice.reducer;

interface WithListings {
  listings: ListingsState;
}
export const selectBrands = (state: WithListings) => state.listings.brands;
export const selectCategories = (state: WithListings) => state.listings.categories;
export const selectWizard = (state: WithListings) => state.listings.wizard;
export const selectMyListings = (state: WithListings) => state.listings.mine;
export const selectEdit = (state: WithListings) => state.listings.edit;
