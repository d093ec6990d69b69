/**
 * A carousel whose slider code comes after the first screen. Until Swiper has loaded (the browser
 * idle after the load, or the visitor's pointer or focus on the carousel, whichever comes first)
 * the carousel shows its first screenful with the same boxes (the skeleton's grid: same slides per
 * view, same gaps), so the swap moves nothing and the first slides paint without the slider.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from './whenIdle.ts';
import { CarouselControlsView, type CarouselProps } from './carouselParts.tsx';

export { breakpointsFor, progressPercent } from './carouselParts.tsx';

type SliderCarousel = ComponentType<CarouselProps<unknown> & { initialSlide?: number }>;

let slider: SliderCarousel | null = null;
let sliderLoading: Promise<SliderCarousel> | null = null;

function loadSlider(): Promise<SliderCarousel> {
  sliderLoading ??= import('./SwiperCarousel.tsx').then((module) => {
    slider = module.default as SliderCarousel;
    return slider;
  });
  return sliderLoading;
}

export default function Carousel<T>(props: CarouselProps<T>) {
  const [Slider, setSlider] = useState<SliderCarousel | null>(() => slider);
  // A click on "next" before the slider is there is kept, and the slider starts from that slide.
  const [startSlide, setStartSlide] = useState(0);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (Slider) return;
    let active = true;
    const load = () =>
      loadSlider().then(
        (loaded) => {
          if (active) setSlider(() => loaded);
        },
        () => {
          // Offline or a new deployment: the first screenful stays, without sliding.
          sliderLoading = null;
        },
      );
    if (wanted) void load();
    else void whenIdle().then(load);
    return () => {
      active = false;
    };
  }, [Slider, wanted]);

  if (Slider) return <Slider {...(props as CarouselProps<unknown>)} initialSlide={startSlide} />;

  const { label, labelledBy, items, kind = 'products', getKey, renderItem } = props;
  const want = () => setWanted(true);
  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      onPointerEnter={want}
      onTouchStart={want}
      onFocus={want}
    >
      <CarouselControlsView
        label={label}
        isBeginning={startSlide === 0}
        isEnd={items.length <= 1 || startSlide >= items.length - 1}
        onPrevious={() => setStartSlide((slide) => Math.max(0, slide - 1))}
        onNext={() => {
          want();
          setStartSlide((slide) => Math.min(items.length - 1, slide + 1));
        }}
      />
      <div className={`carousel-skeleton carousel-skeleton--${kind}`}>
        {items.map((item, index) => (
          <div className="carousel-skeleton__slide" key={getKey(item)}>
            {renderItem(item, index)}
          </div>
        ))}
      </div>
    </div>
  );
}
