import { useEffect, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { COLORS, CONDITIONS, SIZES, conditionName, formatPrice } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import BrandPicker from './BrandPicker.tsx';
import PhotoPicker from './PhotoPicker.tsx';
import {
  isStepValid,
  originalPriceProblem,
  parsePrice,
  toggleId,
  WIZARD_STEPS,
} from './listingDraft.ts';
import { photosUploading, WAIT_FOR_PHOTOS_MESSAGE } from './photos.ts';
import {
  createBrand,
  draftChanged,
  loadReferenceData,
  navigationHandled,
  nextStep,
  previousStep,
  selectBrands,
  selectCategories,
  selectWizard,
  submitListing,
  wizardStarted,
} from './listingsSlice.ts';
import '../auth/account.css';
import './listings.css';
import './feature.ts';

export default function CreateListingPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const wizard = useAppSelector(selectWizard);
  const brands = useAppSelector(selectBrands);
  const categories = useAppSelector(selectCategories);
  const { draft, step } = wizard;

  useEffect(() => {
    dispatch(wizardStarted());
    dispatch(loadReferenceData());
  }, [dispatch]);

  useEffect(() => {
    if (!wizard.done) return;
    const { path, message } = wizard.done;
    dispatch(navigationHandled());
    navigate(path, { state: { message } });
  }, [wizard.done, dispatch, navigate]);

  const valid = isStepValid(step, draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    if (step < 3) dispatch(nextStep());
    else dispatch(submitListing());
  };
  const category = categories.find((c) => c.id === draft.categoryId);
  const originalProblem = originalPriceProblem(draft.price, draft.originalPrice);
  const uploading = photosUploading(draft.photos);

  return (
    <div className="rw-page container rw-wizard">
      <h1>Create a listing</h1>
      <p className="rw-muted">Sell an item in three steps</p>
      <ol className="rw-steps" aria-label="Listing steps">
        {WIZARD_STEPS.map((s) => (
          <li
            key={s.step}
            className={`rw-steps__item${s.step < step ? ' is-done' : ''}${s.step === step ? ' is-current' : ''}`}
            aria-current={s.step === step ? 'step' : undefined}
          >
            <span className="rw-steps__number" aria-hidden="true">
              {s.step < step ? '✓' : s.step}
            </span>
            {s.title}
          </li>
        ))}
      </ol>

      <form className="rw-card rw-form" onSubmit={submit} aria-label={`Step ${step} of 3`}>
        {wizard.error && (
          <p className="rw-alert rw-alert--error" role="alert">
            {wizard.error}
          </p>
        )}

        {step === 1 && (
          <>
            <h2>Details</h2>
            <div className="rw-field">
              <label htmlFor="listing-title">Title</label>
              <input
                id="listing-title"
                required
                value={draft.title}
                onChange={(e) => dispatch(draftChanged({ title: e.target.value }))}
              />
            </div>
            <div className="rw-field">
              <label htmlFor="listing-description">Description</label>
              <textarea
                id="listing-description"
                rows={5}
                required
                value={draft.description}
                onChange={(e) => dispatch(draftChanged({ description: e.target.value }))}
              />
            </div>
            <div className="rw-field">
              <label htmlFor="listing-price">Price ($)</label>
              <input
                id="listing-price"
                type="number"
                min={0}
                step={0.01}
                inputMode="decimal"
                required
                value={draft.price}
                onChange={(e) => dispatch(draftChanged({ price: e.target.value }))}
              />
            </div>
            <div className="rw-field">
              <label htmlFor="listing-original-price">Original price ($, optional)</label>
              <input
                id="listing-original-price"
                type="number"
                min={0}
                step={0.01}
                inputMode="decimal"
                aria-invalid={originalProblem ? true : undefined}
                aria-describedby={originalProblem ? 'listing-original-price-error' : undefined}
                value={draft.originalPrice}
                onChange={(e) => dispatch(draftChanged({ originalPrice: e.target.value }))}
              />
              {originalProblem && (
                <small id="listing-original-price-error" className="rw-field__error">
                  {originalProblem}
                </small>
              )}
            </div>
            <div className="rw-field">
              <label htmlFor="listing-stock">Stock (units for sale)</label>
              <input
                id="listing-stock"
                type="number"
                min={1}
                max={10000}
                step={1}
                inputMode="numeric"
                required
                value={draft.stock}
                onChange={(e) => dispatch(draftChanged({ stock: e.target.value }))}
              />
            </div>
          </>
        )}

        {step === 2 && (
          <>
            <h2>Category</h2>
            <div className="rw-field">
              <label htmlFor="listing-category">Category</label>
              <select
                id="listing-category"
                required
                value={draft.categoryId ?? ''}
                onChange={(e) =>
                  dispatch(
                    draftChanged({ categoryId: e.target.value ? Number(e.target.value) : null }),
                  )
                }
              >
                <option value="">Select a category</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <BrandPicker
              brands={brands.items}
              loading={brands.status === 'loading'}
              selectedId={draft.brandId}
              selectedName={draft.brandName}
              creating={wizard.creatingBrand}
              onSelect={(brand) =>
                dispatch(draftChanged({ brandId: brand.id, brandName: brand.name }))
              }
              onCreate={(name) => dispatch(createBrand({ name }))}
            />
            {brands.error && <p className="rw-alert rw-alert--error">{brands.error}</p>}
            <fieldset className="rw-field">
              <legend>Condition</legend>
              <div className="rw-choices">
                {CONDITIONS.map((c) => (
                  <label key={c.id} className="rw-choice">
                    <input
                      type="radio"
                      name="condition"
                      checked={draft.conditionId === c.id}
                      onChange={() => dispatch(draftChanged({ conditionId: c.id }))}
                    />
                    <span>
                      <strong>{c.name}</strong>
                      <small className="rw-muted">{c.description}</small>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          </>
        )}

        {step === 3 && (
          <>
            <h2>Attributes</h2>
            <PhotoPicker target="wizard" photos={draft.photos} notice={wizard.photoNotice} />
            <div className="rw-field">
              <label htmlFor="listing-image">Image URL (used when there are no photos)</label>
              <input
                id="listing-image"
                type="url"
                placeholder="https://..."
                value={draft.image}
                onChange={(e) => dispatch(draftChanged({ image: e.target.value }))}
              />
            </div>
            <fieldset className="rw-field">
              <legend>Colors</legend>
              <div className="rw-chips">
                {COLORS.map((c) => (
                  <label key={c.id} className="rw-chip">
                    <input
                      type="checkbox"
                      checked={draft.colorIds.includes(c.id)}
                      onChange={() =>
                        dispatch(draftChanged({ colorIds: toggleId(draft.colorIds, c.id) }))
                      }
                    />
                    <span
                      className="rw-chip__swatch"
                      style={{ background: c.name }}
                      aria-hidden="true"
                    />
                    {c.name}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className="rw-field">
              <legend>Sizes</legend>
              <div className="rw-chips">
                {SIZES.map((s) => (
                  <label key={s.id} className="rw-chip">
                    <input
                      type="checkbox"
                      checked={draft.sizeIds.includes(s.id)}
                      onChange={() =>
                        dispatch(draftChanged({ sizeIds: toggleId(draft.sizeIds, s.id) }))
                      }
                    />
                    {s.name}
                  </label>
                ))}
              </div>
            </fieldset>
            <section className="rw-review" aria-labelledby="review-title">
              <h3 id="review-title">Review</h3>
              <dl>
                <dt>Title</dt>
                <dd>{draft.title}</dd>
                <dt>Photos</dt>
                <dd>{draft.photos.filter((p) => p.status === 'ready').length || 'None'}</dd>
                <dt>Price</dt>
                <dd>{formatPrice(parsePrice(draft.price) ?? 0)}</dd>
                <dt>Brand</dt>
                <dd>{draft.brandName}</dd>
                <dt>Category</dt>
                <dd>{category?.name}</dd>
                <dt>Condition</dt>
                <dd>{draft.conditionId ? conditionName(draft.conditionId) : ''}</dd>
                <dt>Colors</dt>
                <dd>
                  {COLORS.filter((c) => draft.colorIds.includes(c.id))
                    .map((c) => c.name)
                    .join(', ') || 'Not specified'}
                </dd>
                <dt>Sizes</dt>
                <dd>
                  {SIZES.filter((s) => draft.sizeIds.includes(s.id))
                    .map((s) => s.name)
                    .join(', ') || 'Not specified'}
                </dd>
              </dl>
            </section>
          </>
        )}

        {step === 3 && uploading && (
          <p className="rw-muted" role="status">
            {WAIT_FOR_PHOTOS_MESSAGE}
          </p>
        )}
        <div className="rw-wizard__nav">
          {step > 1 && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => dispatch(previousStep())}
              disabled={wizard.submitting}
            >
              Back
            </button>
          )}
          <button
            type="submit"
            className="button button--primary"
            disabled={!valid || wizard.submitting}
          >
            {step < 3 ? 'Continue' : wizard.submitting ? 'Creating Listing...' : 'Create Listing'}
          </button>
        </div>
      </form>
    </div>
  );
}
