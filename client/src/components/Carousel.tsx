import { useState, type ReactNode } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Autoplay } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';

/** SPEC §2 Carousels: 1 slide, 2 at 640 px, 3 at 768 px, then 5 (products) or 4 (categories) at 1024 px. */
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

interface CarouselProps<T> {
  label: string;
  items: T[];
  kind?: 'products' | 'categories';
  autoplayDelay?: number;
  getKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
}

export default function Carousel<T>({ label, items, kind = 'products', autoplayDelay = 3000, getKey, renderItem }: CarouselProps<T>) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [edges, setEdges] = useState({ isBeginning: true, isEnd: items.length <= 1 });
  const track = (instance: SwiperInstance) => setEdges({ isBeginning: instance.isBeginning, isEnd: instance.isEnd });
  const progress = progressPercent(edges.isBeginning, edges.isEnd);

  return (
    <div className="carousel" role="region" aria-roledescription="carousel" aria-label={label}>
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
      <Swiper
        modules={[Autoplay]}
        slidesPerView={1}
        spaceBetween={20}
        breakpoints={breakpointsFor(kind)}
        speed={300}
        threshold={5}
        autoplay={{ delay: autoplayDelay, disableOnInteraction: true, pauseOnMouseEnter: true }}
        onSwiper={(instance) => {
          setSwiper(instance);
          track(instance);
        }}
        onSlideChange={track}
        onReachBeginning={track}
        onReachEnd={track}
        onResize={track}
      >
        {items.map((item, index) => (
          <SwiperSlide key={getKey(item)}>{renderItem(item, index)}</SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
