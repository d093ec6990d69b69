/**
 * The carousel once its slider (Swiper, about 25 KB gzipped) has loaded; components/Carousel.tsx
 * shows the same first screenful until then.
 */
import { useEffect, useState } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Autoplay } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { whenIdle } from './whenIdle.ts';
import { breakpointsFor, CarouselControlsView, type CarouselProps } from './carouselParts.tsx';
import 'swiper/css';

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

  return (
    <CarouselControlsView
      label={label}
      isBeginning={edges.isBeginning}
      isEnd={edges.isEnd}
      onPrevious={() => swiper?.slidePrev()}
      onNext={() => swiper?.slideNext()}
    />
  );
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export default function SwiperCarousel<T>({
  label,
  labelledBy,
  items,
  kind = 'products',
  autoplayDelay = 3000,
  getKey,
  renderItem,
  initialSlide = 0,
}: CarouselProps<T> & { initialSlide?: number }) {
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
        initialSlide={initialSlide}
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
