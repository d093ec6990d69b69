import type { ReactNode } from 'react';

/** docs/product.md §2 Carousels: 1 slide, 2 at 640 px, 3 at 768 px, then 5 (products) or 4 (categories) at 1024 px. */
export function breakpointsFor(kind: 'products' | 'categories') {
  return {
    640: { slidesPerView: 2, spaceBetween: 20 },
    768: { slidesPerView: 3, spaceBetween: 24 },
    1024: { slidesPerView: kind === 'products' ? 5 : 4, spaceBetween: 28 },
  };
}

/** 0 % at the start, 100 % at the end, 50 % anywhere between. */
export function progressPercent(isBeginning: boolean, isEnd: boolean): number {
  if (isEnd && !isBeginning) return 100;
  if (isBeginning) return 0;
  return 50;
}

export interface CarouselProps<T> {
  /** Names the buttons and the progress bar; also the carousel's own name unless `labelledBy` is given. */
  label: string;
  /** The id of a heading that already names the carousel (so no second landmark of the same name). */
  labelledBy?: string;
  items: T[];
  kind?: 'products' | 'categories';
  autoplayDelay?: number;
  getKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
}

/** The previous and next buttons around the progress bar. */
export function CarouselControlsView({
  label,
  isBeginning,
  isEnd,
  onPrevious,
  onNext,
}: {
  label: string;
  isBeginning: boolean;
  isEnd: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const progress = progressPercent(isBeginning, isEnd);
  return (
    <div className="carousel__controls">
      <button
        type="button"
        className="carousel__button"
        aria-label={`Previous ${label}`}
        disabled={isBeginning}
        onClick={onPrevious}
      >
        ‹
      </button>
      <div
        className="carousel__progress"
        role="progressbar"
        aria-label={`${label} position`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <span style={{ width: `${progress}%` }} />
      </div>
      <button
        type="button"
        className="carousel__button"
        aria-label={`Next ${label}`}
        disabled={isEnd}
        onClick={onNext}
      >
        ›
      </button>
    </div>
  );
}
