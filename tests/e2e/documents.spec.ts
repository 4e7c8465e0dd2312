import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { loginAsAdmin } from './admin-helpers';
import { axeViolations, expect, test, visit } from './fixtures';

/** The document library in the browser: visitors read and download, the admin manages. */

const samplePdf = fs.readFileSync(path.resolve('content', 'sample-documents', 'ngl-netback-at-a-glance.pdf'));

/** A valid-enough PDF of about `bytes`: the sample with padding after its end. */
function pdfOfSize(bytes: number): Buffer {
  return Buffer.concat([samplePdf, Buffer.alloc(Math.max(0, bytes - samplePdf.length), 0x0a)]);
}

async function pngs(count: number) {
  const files = [];
  for (let index = 0; index < count; index++) {
    const background = { r: 40 + index * 40, g: 120, b: 200 - index * 30 };
    const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background } }).png().toBuffer();
    files.push({ name: `carousel-${index + 1}.png`, mimeType: 'image/png', buffer });
  }
  return files;
}

/**
 * A toast by its title. Not by role: while a modal dialog is open Radix hides the rest of the
 * page (toasts included) from the accessibility tree, and its live-region copy lasts a second.
 */
const toast = (page: Page, title: string) => page.locator('li[data-variant]').filter({ hasText: title });
const card = (page: Page, title: string): Locator => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Limits upload speed so a progress bar has time to move (Chromium's network emulation). */
async function slowUploads(page: Page, bytesPerSecond: number) {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await session.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  };
}

/**
 * Requests for a document list: the API's (which the browser should never make, the lists come
 * from the page) and the page loader's (React Router's /knowledge-base.data).
 */
function watchListFetches(page: Page): string[] & { loaderRuns: () => number } {
  const apiCalls: string[] = [];
  let loaderRuns = 0;
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' && (pathname === '/api/documents' || pathname === '/api/documents/public')) apiCalls.push(request.url());
    if (pathname === '/knowledge-base.data') loaderRuns++;
  });
  return Object.assign(apiCalls, { loaderRuns: () => loaderRuns });
}

/**
 * The knowledge-base loader's answer (React Router's turbo-stream: one flat JSON array whose
 * objects point at other entries by index, -5 standing for null) with the tab's document list
 * replaced by null: what the loader sends when the list could not be loaded.
 */
function withDocumentListFailed(body: string): string {
  const values = JSON.parse(body) as unknown[];
  const key = `_${values.indexOf('documents')}`;
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  // The route data's `documents` entry is {category, documents}; its own `documents` becomes null.
  const lists = values.filter(isObject).map((value) => value[key]).filter((index): index is number => typeof index === 'number' && index >= 0);
  const inner = lists.map((index) => values[index]).find((value) => isObject(value) && key in value);
  if (!isObject(inner)) throw new Error(`no document list in the loader's answer: ${body.slice(0, 200)}`);
  inner[key] = -5;
  return JSON.stringify(values);
}

test.describe('documents for visitors', () => {
  test('the Brochures tab lists the sample documents with working downloads, and is axe clean', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await visit(page, '/knowledge-base?tab=spec-sheets');
    const brochure = card(page, 'VPV Energy Company Brochure');
    await expect(brochure).toBeVisible();
    await expect(brochure).toContainText('PDF, 2.7 KB');
    await expect(card(page, 'LNG Cryogenic Trailer Spec Sheet')).toBeVisible();
    await expect(brochure.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);

    const link = brochure.getByRole('link', { name: 'Download VPV Energy Company Brochure' });
    await expect(link).toHaveAttribute('href', /^\/api\/documents\/download\/\d+$/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('VPV Energy Company Brochure.pdf');
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    expect(await axeViolations(page)).toEqual([]);
    // The upload widget is for admins only.
    expect(requests.filter((url) => /uppy|carousel-uploader/.test(url))).toEqual([]);
  });

  test('an empty category says so', async ({ page }) => {
    await visit(page, '/knowledge-base?tab=social-content');
    await expect(page.getByText('No documents found in this category.')).toBeVisible();
  });

  test('lists come from the page loader only: in the HTML, then revalidated; a list it could not load shows the failure toast and Try again', async ({ page }) => {
    const listCalls = watchListFetches(page);
    await visit(page, '/knowledge-base?tab=spec-sheets');
    await expect(card(page, 'VPV Energy Company Brochure')).toBeVisible();

    // The next loader answer says the list could not be loaded, as the loader does when the database fails.
    let failNext = true;
    await page.route('**/knowledge-base.data**', async (route) => {
      if (!failNext) return route.continue();
      failNext = false;
      const response = await route.fetch();
      await route.fulfill({ response, body: withDocumentListFailed(await response.text()) });
    });
    await page.getByRole('tab', { name: 'Articles' }).click();
    await expect(page).toHaveURL(/\?tab=articles$/);
    await expect(toast(page, 'Failed to fetch documents')).toBeVisible();
    const panel = page.getByRole('tabpanel', { name: 'Articles' });
    await expect(panel.getByText('The documents could not be loaded.')).toBeVisible();

    await panel.getByRole('button', { name: 'Try again' }).click();
    await expect(card(page, 'How a Virtual Pipeline Delivers Gas Where Pipes Do Not Reach')).toBeVisible();
    await expect(panel.getByText('The documents could not be loaded.')).toHaveCount(0);
    expect([...listCalls], 'the browser fetched a list of its own').toEqual([]);
  });

  test('without JavaScript the cards and download links still work', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/knowledge-base?tab=spec-sheets');
    const link = card(page, 'LNG Cryogenic Trailer Spec Sheet').getByRole('link', { name: 'Download LNG Cryogenic Trailer Spec Sheet' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('LNG Cryogenic Trailer Spec Sheet.pdf');
    await context.close();
  });
});

test.describe('documents for the admin', () => {
  test('Upload Document works from the moment it can be clicked, before the page is idle', async ({ page }) => {
    await loginAsAdmin(page);
    // No waiting for hydration: the button is disabled until its code has loaded, so the first
    // click that Playwright can make opens the dialog.
    await page.goto('/knowledge-base?tab=articles');
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await expect(page.getByRole('dialog', { name: 'Upload Document' })).toBeVisible();
  });

  test('upload with progress, download, edit, carousel images through Uppy, viewer, delete', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAsAdmin(page);
    const listCalls = watchListFetches(page);
    await visit(page, '/knowledge-base?tab=articles');
    const title = `E2E report ${Date.now()}`;

    // Validation, in the order of docs/knowledge-base.md, before anything is sent.
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/documents/upload')) uploads++;
    });
    await page.getByRole('button', { name: 'Upload Document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    await expect(dialog).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, 'Validation Error')).toContainText('Please select a file to upload.');
    await dialog.getByLabel('File').setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: pdfOfSize(1_500_000) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, 'Validation Error')).toContainText('Please select a category.');
    await dialog.getByLabel('Category').selectOption('articles');
    await dialog.getByLabel('Title').fill('   ');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, 'Validation Error')).toContainText('Please enter a title for the document.');
    expect(uploads).toBe(0);

    // Cancel aborts an upload in progress: nothing is stored.
    const restore = await slowUploads(page, 150_000);
    await dialog.getByLabel('Title').fill(`${title} (cancelled)`);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const progress = dialog.getByRole('progressbar', { name: 'Upload progress' });
    await expect(progress).toBeVisible();
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow', { timeout: 1000 })), { timeout: 10_000 }).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // A real upload with a progress bar that moves.
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await expect(dialog.getByLabel('Title')).toHaveValue(`${title} (cancelled)`);
    await dialog.getByLabel('Title').fill(`  ${title}  `);
    await dialog.getByLabel('Description').fill('Uploaded by the end-to-end test.');
    // Watched from inside the page: every value the bar shows until it goes away.
    const watching = page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const values: number[] = [];
          const started = Date.now();
          const timer = setInterval(() => {
            const bar = document.querySelector('[role="progressbar"]');
            if (bar) values.push(Number(bar.getAttribute('aria-valuenow')));
            if ((!bar && values.length > 0) || Date.now() - started > 60_000) {
              clearInterval(timer);
              resolve(values);
            }
          }, 50);
        }),
    );
    const loaderRunsBefore = listCalls.loaderRuns();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    const seen = await watching;
    await restore();
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    await expect(toast(page, 'Document uploaded')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, `${title} (cancelled)`)).toHaveCount(0);
    const uploaded = card(page, title);
    await expect(uploaded).toBeVisible();
    await expect(uploaded).toContainText('Uploaded by the end-to-end test.');
    await expect(uploaded).toContainText('PDF, 1.4 MB');
    // The change refreshed the list once, through the page's loader, and nothing else fetched it.
    expect(listCalls.loaderRuns() - loaderRunsBefore).toBe(1);
    expect([...listCalls], 'the browser fetched a list of its own').toEqual([]);

    // The form was cleared.
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await expect(dialog.getByLabel('Title')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Download, named by the title.
    const [download] = await Promise.all([page.waitForEvent('download'), uploaded.getByRole('link', { name: `Download ${title}` }).click()]);
    expect(download.suggestedFilename()).toBe(`${title}.pdf`);

    // Edit: title required, then saved.
    const renamed = `${title} (edited)`;
    await uploaded.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Document' });
    await edit.getByLabel('Title').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Validation Error')).toContainText('Please enter a title for the document.');
    await edit.getByLabel('Title').fill(renamed);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Document updated')).toBeVisible();
    await expect(edit).toBeHidden();
    const edited = card(page, renamed);
    await expect(edited).toBeVisible();

    // Carousel images through Uppy: restrictions first, then five images.
    await edited.getByRole('button', { name: `Edit ${renamed}` }).click();
    await edit.getByRole('button', { name: 'Add images' }).click();
    const dashboard = edit.locator('.uppy-Dashboard');
    await expect(dashboard).toBeVisible();
    await expect(dashboard).toContainText('Only image files are allowed for carousel images.');
    expect(await axeViolations(page)).toEqual([]);
    const input = dashboard.locator('input.uppy-Dashboard-input').first();
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(page.getByText('You can only upload: image/*').first()).toBeVisible();
    await input.setInputFiles(await pngs(5));
    await expect(dashboard).toContainText('5 files selected');
    await dashboard.getByRole('button', { name: /Upload 5 files/ }).click();
    await expect(edit.getByRole('button', { name: /^Remove image/ })).toHaveCount(5, { timeout: 20_000 });
    await expect(toast(page, 'Image uploaded successfully')).toContainText('Carousel image has been added.');
    // They join the document with Save Changes (issue 16).
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Document updated')).toBeVisible();
    await expect(edit).toBeHidden();

    // Three thumbnails and +2 on the card; the viewer steps through all five.
    await expect(edited.getByRole('button', { name: /^Open image/ })).toHaveCount(3);
    const more = edited.getByRole('button', { name: 'Show 2 more images' });
    await expect(more).toHaveText('+2');
    const thumbnail = edited.getByRole('button', { name: 'Open image 1 of 5' }).locator('img');
    await expect(thumbnail).toHaveAttribute('src', /^\/objects\/images\/[0-9a-f-]{36}\.png\?w=280$/);
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(280);
    expect(await axeViolations(page)).toEqual([]);

    await more.click();
    const viewer = page.getByRole('dialog', { name: `${renamed}: images` });
    await expect(viewer).toContainText('Image 4 of 5');
    await viewer.getByRole('button', { name: 'Next image' }).click();
    await expect(viewer).toContainText('Image 5 of 5');
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toContainText('Image 1 of 5');
    await page.keyboard.press('ArrowLeft');
    await expect(viewer).toContainText('Image 5 of 5');
    await expect(viewer.getByRole('img')).toHaveAttribute('alt', `${renamed}: image 5 of 5`);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    const imageSrc = (await thumbnail.getAttribute('src')) ?? '';

    // The All Documents tab lists it too.
    await visit(page, '/knowledge-base?tab=all');
    await expect(card(page, renamed)).toContainText('Articles');

    // Delete, after confirming.
    await card(page, renamed).getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this document?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, renamed)).toBeVisible();
    await card(page, renamed).getByRole('button', { name: `Delete ${renamed}` }).click();
    await confirm.getByRole('button', { name: 'Delete Document' }).click();
    await expect(toast(page, 'Document deleted')).toBeVisible();
    await expect(card(page, renamed)).toHaveCount(0);
    expect([...listCalls], 'the browser fetched a list of its own').toEqual([]);
    // Its images went with it.
    expect((await page.request.get(imageSrc)).status()).toBe(404);
  });

  test('a refused upload shows the server message', async ({ page }) => {
    await loginAsAdmin(page);
    await visit(page, '/knowledge-base?tab=articles');
    await page.getByRole('button', { name: 'Upload Document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    await dialog.getByLabel('File').setInputFiles({ name: 'page.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await dialog.getByLabel('Title').fill('Not a PDF');
    await dialog.getByLabel('Category').selectOption('articles');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, 'Upload failed')).toContainText('This file type is not allowed.');
    await expect(dialog).toBeVisible();
  });

  test('a failure to get upload parameters is reported', async ({ page }) => {
    await loginAsAdmin(page);
    await page.route('**/api/objects/upload', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Failed to get upload parameters"}' }));
    await visit(page, '/knowledge-base?tab=tutorials');
    await page.getByRole('button', { name: /^Edit / }).first().click();
    const edit = page.getByRole('dialog', { name: 'Edit Document' });
    await edit.getByRole('button', { name: 'Add images' }).click();
    const dashboard = edit.locator('.uppy-Dashboard');
    await dashboard.locator('input.uppy-Dashboard-input').first().setInputFiles(await pngs(1));
    await dashboard.getByRole('button', { name: /Upload 1 file/ }).click();
    await expect(toast(page, 'Failed to get upload parameters')).toBeVisible();
  });
});
