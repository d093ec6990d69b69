/**
 * A listing's picture: an uploaded photo as a responsive WebP (`srcset` of its thumbnail, card
 * and full sizes, the browser picks by `sizes`), a drawn picture for listings without photos, or
 * a placeholder when there is neither (or it fails to load), never a broken image.
 */
import { useState } from 'react';
import { photoSrcSet, photoUrl, type PhotoSize, type Product } from '@rewear/contracts';

interface ProductImageProps {
  product: Pick<Product, 'image' | 'photos'>;
  /** Which photo (0: the cover). */
  index?: number;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** The size used where `srcset` is not understood. */
  fallback?: PhotoSize;
  alt: string;
  width: number;
  height: number;
  loading?: 'lazy' | 'eager';
  className?: string;
  fetchPriority?: 'high' | 'low' | 'auto';
}

export default function ProductImage({
  product,
  index = 0,
  sizes,
  fallback = 'card',
  alt,
  width,
  height,
  loading = 'lazy',
  className,
  fetchPriority,
}: ProductImageProps) {
  const photoId = product.photos?.[index];
  const src = photoId ? photoUrl(photoId, fallback) : product.image;
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return (
      <span
        className={`photo-placeholder${className ? ` ${className}` : ''}`}
        role="img"
        aria-label={alt ? `${alt}: no photo` : 'No photo'}
      >
        <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
          <path
            fill="currentColor"
            d="M4 5h3l2-2h6l2 2h3a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm8 3.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9Zm0 2a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5Z"
          />
        </svg>
        <span>No photo</span>
      </span>
    );
  return (
    <img
      className={className}
      src={src}
      srcSet={photoId ? photoSrcSet(photoId) : undefined}
      sizes={photoId ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
      onError={() => setFailed(src)}
    />
  );
}
