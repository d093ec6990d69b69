/**
 * Resolves once the page has loaded, `afterLoadMs` more have passed and the browser is idle (or
 * `timeoutMs` later at the latest), so background work does not compete with what the visitor is
 * waiting for. The load event of a single-page app comes early (before the route's code and data),
 * hence the extra wait for work that can come much later.
 */
export function whenIdle(timeoutMs = 3000, afterLoadMs = 0): Promise<void> {
  const idle = () =>
    new Promise<void>((resolve) => {
      const whenIdleNow = () => {
        if (typeof requestIdleCallback === 'function')
          requestIdleCallback(() => resolve(), { timeout: timeoutMs });
        else setTimeout(resolve, 300);
      };
      if (afterLoadMs > 0) setTimeout(whenIdleNow, afterLoadMs);
      else whenIdleNow();
    });
  if (document.readyState === 'complete') return idle();
  return new Promise<void>((resolve) =>
    window.addEventListener('load', () => resolve(idle()), { once: true }),
  );
}
