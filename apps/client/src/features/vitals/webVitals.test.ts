import { describe, expect, it } from 'vitest';
import type { Metric } from 'web-vitals';
import { startWebVitals, WEB_VITALS_ENDPOINT } from './webVitals.ts';

/** jsdom's Blob has no text(): read it as a browser of its time would. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

function fakePage(path: string) {
  const listeners = new Map<string, Array<() => void>>();
  const reporters: Array<(metric: Metric) => void> = [];
  const sent: Array<{ url: string; body: Blob }> = [];
  const target = {
    document: { visibilityState: 'visible' as DocumentVisibilityState },
    addEventListener: (type: string, listener: () => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
  };
  startWebVitals({
    subscribers: [(report) => reporters.push(report)],
    send: (url, body) => {
      sent.push({ url, body });
      return true;
    },
    path,
    target: target as unknown as Parameters<typeof startWebVitals>[0]['target'],
  });
  return {
    sent,
    report: (name: Metric['name'], value: number, rating: Metric['rating'] = 'good') =>
      reporters.forEach((r) => r({ name, value, rating } as Metric)),
    hide: () => {
      target.document.visibilityState = 'hidden';
      listeners.get('visibilitychange')?.forEach((l) => l());
      listeners.get('pagehide')?.forEach((l) => l());
    },
  };
}

describe('web vitals reporting', () => {
  it('sends the latest value of each metric once, when the page is hidden, with the kind of page', async () => {
    const page = fakePage('/products/p-123');
    page.report('LCP', 1200);
    page.report('CLS', 0.01);
    page.report('LCP', 1900, 'good');
    expect(page.sent).toEqual([]);

    page.hide();
    page.hide();
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]!.url).toBe(WEB_VITALS_ENDPOINT);
    expect(JSON.parse(await textOf(page.sent[0]!.body))).toEqual({
      page: 'product',
      metrics: [
        { name: 'LCP', value: 1900, rating: 'good' },
        { name: 'CLS', value: 0.01, rating: 'good' },
      ],
    });
  });

  it('sends nothing when nothing was measured', () => {
    const page = fakePage('/');
    page.hide();
    expect(page.sent).toEqual([]);
  });
});
