/**
 * Photos (docs/product.md §3): a seller lists an item with two real image files made here (a
 * phone-like JPEG carrying a GPS position, and a PNG), puts the second first, and the cover shows
 * on the item's card at 375 and 1280 px (screenshots under artifacts/screenshots/). The photo the
 * storefront serves is WebP with no EXIF, so no position leaks; a listing without any photo shows
 * a placeholder, not a broken image, on its card and in a shopper's search suggestions,
 * wishlist, cart and checkout.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { describeImage, gpsOf, makeTestPhoto, TEST_PHOTO_GPS } from '@rewear/testing';
import { expect, test } from './support/test.ts';
import {
  addToCartOnProductPage,
  brokenImages,
  newUser,
  registerThroughUi,
  signOutThroughUi,
  trackCommands,
} from './support/app.ts';
import { REPO_ROOT } from './support/storefront.ts';

const OUTPUT = path.join(REPO_ROOT, 'artifacts/screenshots');

/** The ids of the photos uploaded from now on, in the order the server answered them. */
function uploadedPhotoIds(page: Page): string[] {
  const ids: string[] = [];
  page.on('response', async (response) => {
    if (response.request().method() !== 'POST' || !response.url().endsWith('/api/photos')) return;
    if (response.status() === 201)
      ids.push(((await response.json()) as { photoId: string }).photoId);
  });
  return ids;
}

test('a seller lists an item with two photos, puts the second first, and its card shows that cover without the phone’s GPS data', async ({
  page,
  request,
}, testInfo) => {
  const seller = newUser(testInfo, 'photographer');
  const title = `Striped Cotton Tee ${Math.random().toString(36).slice(2, 7)}`;
  const phonePhoto = await makeTestPhoto({
    format: 'jpeg',
    width: 1600,
    height: 1200,
    color: '#c7372f',
    label: 'FRONT',
    gps: true,
  });
  const pngPhoto = await makeTestPhoto({
    format: 'png',
    width: 1000,
    height: 1000,
    color: '#2f5fb3',
    label: 'BACK',
  });
  // The phone photo really carries a position before upload.
  expect(await gpsOf(phonePhoto)).toEqual({
    latitude: [...TEST_PHOTO_GPS.latitude],
    longitude: [...TEST_PHOTO_GPS.longitude],
  });

  await registerThroughUi(page, seller);
  const uploaded = uploadedPhotoIds(page);
  await page.goto('/create-listing');

  const next = page.getByRole('button', { name: 'Continue' });
  const details = page.getByRole('form', { name: 'Step 1 of 3' });
  await details.getByLabel('Title').fill(title);
  await details.getByLabel('Description').fill('Soft cotton, striped, worn a few times.');
  await details.getByLabel(/^Price/).fill('18');
  await details.getByLabel(/^Original price/).fill('45');
  await details.getByLabel(/^Stock/).fill('2');
  await next.click();
  await page.getByLabel('Category').selectOption({ label: 'Tops' });
  const brand = `Stripes ${Math.random().toString(36).slice(2, 7)}`;
  await page.getByRole('combobox', { name: 'Brand' }).fill(brand);
  await page.getByRole('button', { name: `Create brand "${brand}"` }).click();
  await expect(page.getByText(`Selected brand: ${brand}`)).toBeVisible();
  await page.getByRole('radio', { name: /^Good/ }).check();
  await next.click();

  // Step 3: both files chosen at once; each uploads and shows, the first as the cover.
  await page.getByLabel('Add photos').setInputFiles([
    { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: phonePhoto },
    { name: 'back.png', mimeType: 'image/png', buffer: pngPhoto },
  ]);
  const chosen = page.getByRole('list', { name: /Chosen photos/ });
  await expect(chosen.getByRole('img', { name: 'Photo 1 (cover)' })).toBeVisible();
  await expect(chosen.getByRole('img', { name: 'Photo 2' })).toBeVisible();
  await expect.poll(() => uploaded.length).toBe(2);
  const [frontId, backId] = uploaded as [string, string];
  await expect(chosen.getByRole('img', { name: 'Photo 1 (cover)' })).toHaveAttribute(
    'src',
    new RegExp(frontId),
  );

  // The back photo becomes the cover.
  await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  await expect(chosen.getByRole('img', { name: 'Photo 1 (cover)' })).toHaveAttribute(
    'src',
    new RegExp(backId),
  );
  await expect(chosen.getByRole('img', { name: 'Photo 2' })).toHaveAttribute(
    'src',
    new RegExp(frontId),
  );
  // The picker is usable without a mouse or sight: no serious axe finding.
  const { violations } = await new AxeBuilder({ page }).include('.rw-wizard').analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
  ).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(OUTPUT, `photos-wizard-${width}.png`),
      fullPage: true,
    });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect
      .soft(overflow, `the wizard at ${width} px is wider than the screen`)
      .toBeLessThanOrEqual(0);
  }
  await page.getByRole('button', { name: 'Create Listing' }).click();

  // The product page: the cover first, as a responsive WebP; the gallery in the chosen order.
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  const main = page.locator('.gallery__main');
  await expect(main).toHaveAttribute('srcset', new RegExp(`${backId}/thumbnail\\.webp 200w`));
  await expect(main).toHaveAttribute('srcset', new RegExp(`${backId}/full\\.webp 1200w`));
  await expect(page.locator('.product-detail__info')).toContainText('$45.00');
  await page.getByRole('button', { name: 'Show image 2' }).click();
  await expect(page.locator('.gallery__main')).toHaveAttribute('src', new RegExp(frontId));

  // The item's card on the seller's page, at a phone's width and a desktop's.
  await page.getByRole('link', { name: seller.displayName }).click();
  await expect(page.getByRole('heading', { name: /For sale/ })).toBeVisible();
  const card = page.locator('.product-card', { has: page.getByRole('link', { name: title }) });
  const cover = card.locator('.product-card__media img');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 800 });
    await expect(cover).toHaveAttribute('srcset', new RegExp(`${backId}/card\\.webp 480w`));
    await expect(cover).toHaveAttribute('loading', 'lazy');
    await cover.scrollIntoViewIfNeeded();
    // The browser picked a size and drew it.
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(backId);
    expect(await brokenImages(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(OUTPUT, `photos-card-${width}.png`), fullPage: true });
    await card.screenshot({ path: path.join(OUTPUT, `photos-card-only-${width}.png`) });
  }

  // The edit screen: the front photo back to the cover, the stock and the original price changed.
  await card.getByRole('link', { name: title }).click();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Listing', level: 1 })).toBeVisible();
  const editPhotos = page.getByRole('list', { name: /Chosen photos/ });
  await expect(editPhotos.getByRole('img', { name: 'Photo 1 (cover)' })).toHaveAttribute(
    'src',
    new RegExp(backId),
  );
  await expect(page.getByLabel(/^Stock/)).toHaveValue('2');
  await expect(page.getByLabel(/^Original price/)).toHaveValue('45');
  await page.getByLabel(/^Original price/).fill('10');
  await expect(page.getByText('The original price must be at least the price')).toBeVisible();
  await page.getByLabel(/^Original price/).fill('40');
  await page.getByLabel(/^Stock/).fill('5');
  await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  await expect(editPhotos.getByRole('img', { name: 'Photo 1 (cover)' })).toHaveAttribute(
    'src',
    new RegExp(frontId),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(OUTPUT, 'photos-edit-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.locator('.gallery__main')).toHaveAttribute(
    'srcset',
    new RegExp(`${frontId}/full\\.webp 1200w`),
  );
  await expect(page.locator('.product-detail__info')).toContainText('$40.00');

  // What the storefront serves for the phone photo: WebP, no EXIF, no position; kept for good.
  for (const size of ['thumbnail', 'card', 'full']) {
    const served = await request.get(`/api/photos/${frontId}/${size}.webp`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect(served.headers()['cache-control']).toContain('immutable');
    const bytes = await served.body();
    expect(await describeImage(bytes)).toMatchObject({ format: 'webp', hasExif: false });
    expect(await gpsOf(bytes)).toBeNull();
  }
});

test('a listing whose photos are all removed shows a placeholder, never a broken image', async ({
  page,
}, testInfo) => {
  const seller = newUser(testInfo, 'minimalist');
  const title = `Plain Wool Scarf ${Math.random().toString(36).slice(2, 7)}`;
  await registerThroughUi(page, seller);
  await page.goto('/create-listing');
  const next = page.getByRole('button', { name: 'Continue' });
  const details = page.getByRole('form', { name: 'Step 1 of 3' });
  await details.getByLabel('Title').fill(title);
  await details.getByLabel('Description').fill('Warm, plain, no photos yet.');
  await details.getByLabel(/^Price/).fill('12');
  await next.click();
  await page.getByLabel('Category').selectOption({ label: 'Accessories' });
  const brand = `Plain ${Math.random().toString(36).slice(2, 7)}`;
  await page.getByRole('combobox', { name: 'Brand' }).fill(brand);
  await page.getByRole('button', { name: `Create brand "${brand}"` }).click();
  await page.getByRole('radio', { name: /^Good/ }).check();
  await next.click();
  // A photo chosen, then removed again: the listing has none.
  await page.getByLabel('Add photos').setInputFiles([
    {
      name: 'scarf.webp',
      mimeType: 'image/webp',
      buffer: await makeTestPhoto({ format: 'webp' }),
    },
  ]);
  await expect(page.getByRole('img', { name: 'Photo 1 (cover)' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove photo 1' }).click();
  await expect(page.getByRole('img', { name: 'Photo 1 (cover)' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Listing' }).click();

  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('img', { name: `${title}: no photo` })).toBeVisible();
  await page.getByRole('link', { name: seller.displayName }).click();
  const card = page.locator('.product-card', { has: page.getByRole('link', { name: title }) });
  await expect(card.locator('.photo-placeholder')).toBeVisible();
  expect(await brokenImages(page)).toEqual([]);
  await card.screenshot({ path: path.join(OUTPUT, 'photos-placeholder-card.png') });

  // A shopper's lists show the same placeholder: suggestions, wishlist, cart and checkout.
  await signOutThroughUi(page, seller);
  const buyer = newUser(testInfo, 'scarfbuyer');
  await registerThroughUi(page, buyer);
  await page.getByRole('combobox', { name: 'Search products' }).fill(title);
  const suggestion = page
    .getByRole('listbox', { name: 'Product Suggestions' })
    .getByRole('option', { name: new RegExp(title) });
  await expect(suggestion.locator('.photo-placeholder')).toBeVisible();
  // The list of suggestions hangs below the box: the screen, not the box, shows it.
  await page.screenshot({ path: path.join(OUTPUT, 'photos-placeholder-suggestion.png') });
  await suggestion.click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const commands = trackCommands(page);
  await page
    .locator('.product-detail__likes')
    .getByRole('button', { name: `Save ${title} to wishlist` })
    .click();
  await addToCartOnProductPage(page, 'Cart, 1 item', { signedIn: true });
  await commands.settled();

  const lists = [
    ['/wishlist', '.rw-wishlist__image', 'photos-placeholder-wishlist'],
    ['/cart', '.cart-line__image', 'photos-placeholder-cart'],
    ['/checkout', '.rw-summary-lines', 'photos-placeholder-checkout'],
  ] as const;
  for (const [where, slot, shot] of lists) {
    await page.goto(where);
    const placeholder = page.locator(`${slot} .photo-placeholder`).first();
    await expect(placeholder, where).toBeVisible();
    expect(await brokenImages(page), where).toEqual([]);
    // The thumbnail keeps its slot's size: the icon alone, not the card's caption.
    const box = (await placeholder.boundingBox())!;
    expect(box.width, where).toBeLessThanOrEqual(90);
    expect(Math.abs(box.width - box.height), where).toBeLessThanOrEqual(1);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(OUTPUT, `${shot}-${width}.png`) });
    }
  }
});
