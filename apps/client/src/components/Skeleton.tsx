/**
 * Placeholders that take the room of what is loading, with the same boxes (same classes, same
 * aspect ratios, same line heights), so nothing moves when the real content replaces them.
 */

/**
 * A route whose code or data is on its way. A page that is usually longer than the screen gets a
 * screen-tall placeholder (the footer stays below the fold until it arrives); a short one gets a
 * short placeholder (the footer stays at the foot of the window).
 */
export function PageSkeleton({
  label = 'Loading...',
  short = false,
}: {
  label?: string;
  short?: boolean;
}) {
  return (
    <div className={short ? 'page-skeleton page-skeleton--short' : 'page-skeleton'} role="status">
      <span className="visually-hidden">{label}</span>
      <span className="page-skeleton__bar skeleton" aria-hidden="true" />
      <span className="page-skeleton__block skeleton" aria-hidden="true" />
    </div>
  );
}

/** A product card's boxes: square picture, brand line, two title lines, price and the cart button. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <div className="product-card__media skeleton" />
      <div className="product-card__body">
        <p className="product-card__brand">
          <span className="skeleton-text skeleton" style={{ width: '40%' }} />
        </p>
        <div className="product-card__title">
          <span className="skeleton-text skeleton" style={{ width: '85%' }} />
        </div>
        <span className="price">
          <span className="price__current">
            <span className="skeleton-text skeleton" style={{ width: '4em' }} />
          </span>
        </span>
        <span className="skeleton-button skeleton" />
      </div>
    </div>
  );
}

function CategoryTileSkeleton() {
  return (
    <div className="category-tile" aria-hidden="true">
      <div className="category-tile__picture skeleton" />
      <span className="category-tile__name">
        <span className="skeleton-text skeleton" style={{ width: '50%' }} />
      </span>
      <span className="category-tile__count">
        <span className="skeleton-text skeleton" style={{ width: '30%' }} />
      </span>
    </div>
  );
}

/**
 * A carousel's first screenful: the controls row and as many slides as the carousel shows at this
 * width (the same breakpoints and gaps as components/Carousel.tsx).
 */
export function CarouselSkeleton({ kind = 'products' }: { kind?: 'products' | 'categories' }) {
  const slides = kind === 'products' ? 5 : 4;
  return (
    <div className="carousel" aria-hidden="true">
      <div className="carousel__controls">
        <span className="carousel__button carousel__button--skeleton" />
        <span className="carousel__progress" />
        <span className="carousel__button carousel__button--skeleton" />
      </div>
      <div className={`carousel-skeleton carousel-skeleton--${kind}`}>
        {Array.from({ length: slides }, (_, index) =>
          kind === 'products' ? (
            <ProductCardSkeleton key={index} />
          ) : (
            <CategoryTileSkeleton key={index} />
          ),
        )}
      </div>
    </div>
  );
}
