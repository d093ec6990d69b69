import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenEngagedOrIdle } from './sessionHint.ts';

afterEach(() => vi.useRealTimers());

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe('whenEngagedOrIdle', () => {
  it('resolves at the first interaction, long before the fallback', async () => {
    vi.useFakeTimers();
    const engaged = whenEngagedOrIdle(10_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await settled(engaged)).toBe(false);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(await settled(engaged)).toBe(true);
  });

  it('resolves after the fallback time when nobody interacts', async () => {
    vi.useFakeTimers();
    const engaged = whenEngagedOrIdle(10_000);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(await settled(engaged)).toBe(false);
    // The fallback, then the idle callback (jsdom has none: a short timer stands in).
    await vi.advanceTimersByTimeAsync(1_000 + 300);
    expect(await settled(engaged)).toBe(true);
  });
});
