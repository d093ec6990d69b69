import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** How long a success message stays before it clears itself. */
export const FLASH_DURATION_MS = 6000;

function messageIn(state: unknown): string | null {
  const message = (state as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : null;
}

/**
 * The message a page was sent with (`navigate(path, { state: { message } })`, docs/product.md §4 listing
 * wizard and edit flow), shown once: it leaves the history entry at once, so a reload or a later
 * back/forward does not show it again, and clears itself after a few seconds or on leaving the page.
 */
export default function FlashBanner() {
  const location = useLocation();
  const navigate = useNavigate();
  const [flash, setFlash] = useState<{ text: string; pathname: string } | null>(null);

  useEffect(() => {
    const text = messageIn(location.state);
    if (!text) return;
    setFlash({ text, pathname: location.pathname });
    const { message: _shown, ...rest } = location.state as Record<string, unknown>;
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: Object.keys(rest).length > 0 ? rest : null },
    );
    // Each arrival (a new history entry) is read once.
  }, [location.key]);

  // Reads the flash as it is now: a message that arrives with this page (set just above, in the
  // same render) is kept, and only one left from another page goes.
  useEffect(() => {
    setFlash((current) => (current && current.pathname !== location.pathname ? null : current));
  }, [location.pathname]);

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), FLASH_DURATION_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  if (!flash) return null;
  return (
    <div className="flash-banner" role="status">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.15" />
        <path
          d="M7 12.5l3 3 7-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="flash-banner__text">{flash.text}</span>
      <button
        type="button"
        className="flash-banner__close"
        aria-label="Dismiss message"
        onClick={() => setFlash(null)}
      >
        ×
      </button>
    </div>
  );
}
