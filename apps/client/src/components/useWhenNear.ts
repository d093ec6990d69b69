import { useEffect, useRef, useState } from 'react';
import { whenIdle } from './whenIdle.ts';

/**
 * For content below the fold whose rendering is heavy: true once the element comes within half a
 * screen of the viewport, or once the page has loaded and `afterLoadMs` of idle time later at the
 * latest (so it is there before anyone scrolls to it). Until then the caller shows a placeholder
 * with the same boxes, which keeps the first screen's rendering short.
 */
export function useWhenNear<T extends Element>(afterLoadMs: number, enabled = true) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(!enabled);

  useEffect(() => {
    if (near) return;
    let active = true;
    const show = () => {
      if (active) setNear(true);
    };
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') {
      show();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: '0px 0px 50% 0px' },
    );
    observer.observe(element);
    void whenIdle(3000, afterLoadMs).then(show);
    return () => {
      active = false;
      observer.disconnect();
    };
  }, [near, afterLoadMs]);

  return [ref, near] as const;
}
