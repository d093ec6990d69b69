/** Helpers for journeys that check an arrival in an open tab, without a reload. */
import type { Page } from '@playwright/test';

/** The header's bell, named with its unread count. */
export const bell = (page: Page, unread: number) =>
  page.getByRole('link', { name: `Notifications, ${unread} unread` });

/** Marks the document: the mark survives anything but a reload or a new page. */
export const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

/** True while the document marked by `markDocument` is still the one shown. */
export const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

/** Waits until the tab's stream is open (the first stream reads the list once it stands). */
export const streamOpen = (page: Page) =>
  page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/notifications/stream' && r.status() === 200,
  );
