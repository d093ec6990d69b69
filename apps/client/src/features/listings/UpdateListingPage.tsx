import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import ConfirmDialog from './ConfirmDialog.tsx';
import { joinedOrFallback } from './editListing.ts';
import { originalPriceProblem } from './listingDraft.ts';
import PhotoPicker from './PhotoPicker.tsx';
import {
  deleteEditedListing,
  editFormChanged,
  editOpened,
  navigationHandled,
  saveListing,
  selectEdit,
} from './listingsSlice.ts';
import '../auth/account.css';
import './listings.css';
import './feature.ts';

function EditSkeleton() {
  return (
    <div
      className="rw-page container rw-edit"
      role="status"
      aria-busy="true"
      aria-label="Loading listing"
    >
      <div className="rw-skeleton" style={{ height: 32, width: 240 }} />
      <div className="rw-edit__grid" style={{ marginTop: 16 }}>
        <div className="rw-skeleton" style={{ height: 360 }} />
        <div className="rw-skeleton" style={{ height: 360 }} />
      </div>
    </div>
  );
}

export default function UpdateListingPage() {
  const { id } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const edit = useAppSelector(selectEdit);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);

  useEffect(() => {
    dispatch(editOpened({ productId: id }));
  }, [dispatch, id]);

  useEffect(() => {
    if (!edit.done) return;
    const { path, message } = edit.done;
    dispatch(navigationHandled());
    navigate(path, { replace: true, state: message ? { message } : undefined });
  }, [edit.done, dispatch, navigate]);

  useEffect(() => setImageFailed(false), [edit.form.image]);

  if (edit.status === 'invalidId') {
    return (
      <div className="rw-page container rw-empty">
        <p className="rw-alert rw-alert--error" role="alert">
          Invalid product ID. Redirecting...
        </p>
      </div>
    );
  }
  if (edit.status === 'idle' || edit.status === 'loading' || edit.productId !== (id ?? null))
    return <EditSkeleton />;
  if (edit.status === 'failed' || edit.status === 'notFound' || !edit.product) {
    const title = edit.status === 'failed' ? 'Unable to Load Product' : 'Product Not Found';
    return (
      <div className="rw-page container rw-empty">
        <h1>{title}</h1>
        <p className="rw-muted" role="alert">
          {edit.error}
        </p>
        <Link to="/products" className="button button--primary">
          Back to Products
        </Link>
      </div>
    );
  }

  const product = edit.product;
  const originalProblem = originalPriceProblem(edit.form.price, edit.form.originalPrice);
  const hasPhotos = edit.form.photos.length > 0;
  const productPath = `/products/${encodeURIComponent(edit.productId ?? '')}`;
  const save = (event: FormEvent) => {
    event.preventDefault();
    dispatch(saveListing());
  };

  return (
    <div className="rw-page container rw-edit">
      <div className="rw-edit__head">
        <div>
          <h1>Edit Listing</h1>
          <p className="rw-muted">Update your product details</p>
        </div>
        <div className="rw-edit__links">
          <Link to={productPath} className="button button--secondary">
            View Product
          </Link>
          <Link to={productPath} className="button button--secondary">
            Cancel
          </Link>
        </div>
      </div>

      {edit.saveError && (
        <div className="rw-alert rw-alert--error" role="alert" style={{ marginBottom: 16 }}>
          <strong>Error updating product</strong>
          {edit.saveError}
        </div>
      )}

      <div className="rw-edit__grid">
        <div>
          <section className="rw-card" aria-labelledby="photos-title">
            <h2 id="photos-title">Photos</h2>
            <PhotoPicker
              target="edit"
              photos={edit.form.photos}
              notice={edit.photoNotice}
              legendHidden
            />
          </section>
          {/* With photos, the cover is the picture; the image URL is for listings without. */}
          {!hasPhotos && (
            <section className="rw-card" aria-labelledby="image-title">
              <h2 id="image-title">Image</h2>
              {edit.form.image && !imageFailed ? (
                <img
                  className="rw-edit__preview"
                  src={edit.form.image}
                  alt={`Preview of ${edit.form.title || product.title}`}
                  width={360}
                  height={360}
                  onError={() => setImageFailed(true)}
                />
              ) : (
                <div className="rw-edit__preview rw-edit__noimg">No image</div>
              )}
              <div className="rw-field" style={{ marginTop: 12 }}>
                <label htmlFor="edit-image">Image URL</label>
                <input
                  id="edit-image"
                  type="text"
                  inputMode="url"
                  form="edit-form"
                  placeholder="https://..."
                  value={edit.form.image}
                  onChange={(e) => dispatch(editFormChanged({ image: e.target.value }))}
                />
              </div>
            </section>
          )}
          <section className="rw-card" aria-labelledby="info-title">
            <h2 id="info-title">Product Information</h2>
            <dl className="rw-edit__info">
              <dt>Brand</dt>
              <dd>{product.brand_name || 'Unknown'}</dd>
              <dt>Category</dt>
              <dd>{product.category_name || 'Uncategorized'}</dd>
              <dt>Condition</dt>
              <dd>
                {joinedOrFallback(
                  product.conditions?.length ? product.conditions : product.condition_name,
                )}
              </dd>
              <dt>Sizes</dt>
              <dd>{joinedOrFallback(product.sizes)}</dd>
              <dt>Colors</dt>
              <dd>{joinedOrFallback(product.colors)}</dd>
            </dl>
          </section>
          <section className="rw-card rw-danger" aria-labelledby="danger-title">
            <h2 id="danger-title">Danger Zone</h2>
            <p className="rw-muted">
              Permanently delete this listing. This action cannot be undone.
            </p>
            <button
              type="button"
              className="button button--danger"
              style={{ marginTop: 12 }}
              onClick={() => setConfirmingDelete(true)}
              disabled={edit.deleting}
            >
              {edit.deleting ? 'Deleting...' : 'Delete Listing'}
            </button>
          </section>
        </div>

        <form
          id="edit-form"
          className="rw-card rw-form"
          onSubmit={save}
          aria-labelledby="edit-form-title"
        >
          <h2 id="edit-form-title">Edit Product Details</h2>
          <div className="rw-field">
            <label htmlFor="edit-title">Product Title</label>
            <input
              id="edit-title"
              value={edit.form.title}
              onChange={(e) => dispatch(editFormChanged({ title: e.target.value }))}
            />
          </div>
          <div className="rw-field">
            <label htmlFor="edit-description">Description</label>
            <textarea
              id="edit-description"
              rows={6}
              value={edit.form.description}
              onChange={(e) => dispatch(editFormChanged({ description: e.target.value }))}
            />
          </div>
          <div className="rw-field">
            <label htmlFor="edit-price">Price</label>
            <input
              id="edit-price"
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              value={edit.form.price}
              onChange={(e) => dispatch(editFormChanged({ price: e.target.value }))}
            />
          </div>
          <div className="rw-field">
            <label htmlFor="edit-original-price">Original price (optional)</label>
            <input
              id="edit-original-price"
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              aria-invalid={originalProblem ? true : undefined}
              aria-describedby={originalProblem ? 'edit-original-price-error' : undefined}
              value={edit.form.originalPrice}
              onChange={(e) => dispatch(editFormChanged({ originalPrice: e.target.value }))}
            />
            {originalProblem && (
              <small id="edit-original-price-error" className="rw-field__error">
                {originalProblem}
              </small>
            )}
          </div>
          <div className="rw-field">
            <label htmlFor="edit-stock">Stock (units for sale)</label>
            <input
              id="edit-stock"
              type="number"
              min={0}
              max={10000}
              step={1}
              inputMode="numeric"
              value={edit.form.stock}
              onChange={(e) => dispatch(editFormChanged({ stock: e.target.value }))}
            />
          </div>
          <button type="submit" className="button button--primary" disabled={edit.saving}>
            {edit.saving ? 'Saving Changes...' : 'Save Changes'}
          </button>
        </form>
      </div>

      {confirmingDelete && (
        <ConfirmDialog
          title="Delete Listing"
          confirmLabel="Delete"
          busy={edit.deleting}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() => {
            setConfirmingDelete(false);
            dispatch(deleteEditedListing());
          }}
        >
          <p>
            Are you sure you want to permanently delete "{product.title}"? This action cannot be
            undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
