/**
 * A one-bit note that this browser holds a signed-in session, kept beside the identity SDK's own
 * storage. Without it the app knows at once that the visitor is signed out and can render without
 * waiting for the SDK (about 29 KB gzipped); with it the app waits for the SDK as before, so a
 * returning user never sees the signed-out layout flash by. The SDK always has the last word: it
 * loads in the background for visitors too, and its answer rewrites the note.
 */
import { whenIdle } from '../../components/whenIdle.ts';

export interface SessionHint {
  present(): boolean;
  remember(): void;
  forget(): void;
}

export const SESSION_HINT_KEY = 'rewear_session';

export const localSessionHint: SessionHint = {
  present() {
    try {
      return localStorage.getItem(SESSION_HINT_KEY) === '1';
    } catch {
      // Storage blocked: behave as before the note existed (wait for the SDK).
      return true;
    }
  },
  remember() {
    try {
      localStorage.setItem(SESSION_HINT_KEY, '1');
    } catch {
      /* storage blocked or full: the next visit waits for the SDK */
    }
  },
  forget() {
    try {
      localStorage.removeItem(SESSION_HINT_KEY);
    } catch {
      /* storage blocked */
    }
  },
};

const ENGAGEMENT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/**
 * Resolves at the visitor's first interaction (pointer, key, touch, wheel or scroll) or, failing
 * that, once the page has loaded, `fallbackMs` have passed and the browser is idle: for work the
 * first screen never needs.
 */
export function whenEngagedOrIdle(fallbackMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      for (const event of ENGAGEMENT_EVENTS) window.removeEventListener(event, done, true);
      resolve();
    };
    for (const event of ENGAGEMENT_EVENTS)
      window.addEventListener(event, done, { capture: true, passive: true });
    void whenIdle(3000, fallbackMs).then(done);
  });
}
