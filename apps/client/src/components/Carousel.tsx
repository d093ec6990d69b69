import { useEffect, useState, type ReactNode } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Autoplay } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { whenIdle } from '../features/auth/sessionHint.ts';
import 'swiper/css';

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

interface Edges {
  isBeginning: boolean;
  isEnd: boolean;
}

/** The buttons and the progress bar follow the slider's events; the slides do not re-render with them. */
function CarouselControls({
  label,
  swiper,
  initiallyAtEnd,
}: {
  label: string;
  swiper: SwiperInstance | null;
  initiallyAtEnd: boolean;
}) {
  const [edges, setEdges] = useState<Edges>({ isBeginning: true, isEnd: initiallyAtEnd });

  useEffect(() => {
    if (!swiper) return;
    const track = () =>
      setEdges((previous) =>
        previous.isBeginning === swiper.isBeginning && previous.isEnd === swiper.isEnd
          ? previous
          : { isBeginning: swiper.isBeginning, isEnd: swiper.isEnd },
      );
    track();
    const events = ['slideChange', 'reachBeginning', 'reachEnd', 'resize'] as const;
    for (const event of events) swiper.on(event, track);
    return () => {
      if (swiper.destroyed) return;
      for (const event of events) swiper.off(event, track);
    };
  }, [swiper]);

  const progress = progressPercent(edges.isBeginning, edges.isEnd);
  return (
    <div className="carousel__controls">
      <button
        type="button"
        className="carousel__button"
        aria-label={`Previous ${label}`}
        disabled={edges.isBeginning}
        onClick={() => swiper?.slidePrev()}
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
        disabled={edges.isEnd}
        onClick={() => swiper?.slideNext()}
      >
        ›
      </button>
    </div>
  );
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

interface CarouselProps<T> {
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

export default function Carousel<T>({
  label,
  labelledBy,
  items,
  kind = 'products',
  autoplayDelay = 3000,
  getKey,
  renderItem,
}: CarouselProps<T>) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);

  // Autoplay waits for the page to settle (load event, then idle time), so the first screen's
  // work is not competing with slide changes; it never runs for people who ask for less motion.
  useEffect(() => {
    if (!swiper || prefersReducedMotion()) return;
    let cancelled = false;
    void whenIdle().then(() => {
      if (!cancelled && !swiper.destroyed) swiper.autoplay.start();
    });
    return () => {
      cancelled = true;
    };
  }, [swiper]);

  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
    >
      <CarouselControls label={label} swiper={swiper} initiallyAtEnd={items.length <= 1} />
      <Swiper
        modules={[Autoplay]}
        slidesPerView={1}
        spaceBetween={20}
        breakpoints={breakpointsFor(kind)}
        speed={300}
        threshold={5}
        autoplay={{ delay: autoplayDelay, disableOnInteraction: true, pauseOnMouseEnter: true }}
        onSwiper={(instance) => {
          // Autoplay starts later (see above); the module stays configured for pause and stop.
          instance.autoplay.stop();
          setSwiper(instance);
        }}
      >
        {items.map((item, index) => (
          <SwiperSlide key={getKey(item)}>{renderItem(item, index)}</SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
