import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { loginAsAdmin } from './admin-helpers';
import { axeViolations, expect, test, visit } from './fixtures';

/** Issue 16, items 7 to 11: carousel images in the Edit Document dialog. */

/** PNGs told apart by their height (thumbnails keep the aspect), named img1.png, img2.png… */
async function images(heights: number[]) {
  return Promise.all(
    heights.map(async (height, index) => ({
      name: `img${index + 1}.png`,
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 640, height, channels: 3, background: { r: 30 * index, g: 120, b: 200 } } }).png().toBuffer(),
    })),
  );
}

const toast = (page: Page, title: string) => page.locator('li[data-variant]').filter({ hasText: title });

/** A fresh document of its own (through the API), and the knowledge-base tab that lists it. */
async function documentToEdit(page: Page, title: string) {
  await loginAsAdmin(page);
  const response = await page.request.post('/api/documents/upload', {
    multipart: {
      file: { name: 'brochure.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      title,
      category: 'spec-sheets',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await visit(page, '/knowledge-base?tab=spec-sheets');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  return { id, card };
}

async function openEditor(page: Page, card: Locator, title: string) {
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Document' });
  await dialog.getByRole('button', { name: 'Add images' }).click();
  const dashboard = dialog.locator('.uppy-Dashboard');
  await expect(dashboard).toBeVisible();
  return { dialog, dashboard, input: dashboard.locator('input.uppy-Dashboard-input').first() };
}

/** The dialog's carousel thumbnails, as their natural heights, in the order shown. */
function thumbnailHeights(dialog: Locator) {
  return dialog
    .getByRole('list', { name: 'Carousel images' })
    .locator('img')
    .evaluateAll((list) => list.map((image) => (image as HTMLImageElement).naturalHeight));
}

async function savedImages(page: Page, id: number): Promise<string[]> {
  const list = (await (await page.request.get('/api/documents')).json()) as { id: number; carouselImages: string[] }[];
  return list.find((document) => document.id === id)?.carouselImages ?? [];
}

test.describe('carousel images in Edit Document', () => {
  test('images join the document only on Save Changes; Cancel leaves it as it was (item 8)', async ({ page }) => {
    const title = `Cancel test ${Date.now()}`;
    const { id, card } = await documentToEdit(page, title);
    const { dialog, dashboard, input } = await openEditor(page, card, title);
    await expect(dialog).toContainText('kept only when you save');
    await input.setInputFiles(await images([200, 300]));
    await dashboard.getByRole('button', { name: /Upload 2 files/ }).click();
    await expect(dialog.getByRole('button', { name: /^Remove image/ })).toHaveCount(2, { timeout: 20_000 });
    await expect(dialog.getByRole('img', { name: /image 1 of 2, not saved yet$/ })).toBeVisible();
    expect(await savedImages(page, id)).toEqual([]);

    await dialog.getByRole('button', { name: 'Cancel' }).last().click();
    await expect(dialog).toBeHidden();
    expect(await savedImages(page, id)).toEqual([]);
    await expect(card.getByRole('button', { name: /^Open image/ })).toHaveCount(0);

    const again = await openEditor(page, card, title);
    await expect(again.dialog).toContainText('No carousel images yet.');
    await again.input.setInputFiles(await images([200]));
    await again.dashboard.getByRole('button', { name: /Upload 1 file/ }).click();
    await expect(again.dialog.getByRole('button', { name: 'Remove image 1' })).toBeVisible({ timeout: 20_000 });
    await again.dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Document updated')).toBeVisible();
    expect(await savedImages(page, id)).toHaveLength(1);
    await expect(card.getByRole('button', { name: /^Open image/ })).toHaveCount(1);
  });

  test('the order chosen, not the order finished; move earlier, later and remove (item 9)', async ({ page }) => {
    const title = `Order test ${Date.now()}`;
    const { id, card } = await documentToEdit(page, title);
    // The first image's PUT finishes last.
    let puts = 0;
    await page.route('**/api/objects/put/uploads/**', async (route) => {
      if (puts++ === 0) await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const { dialog, dashboard, input } = await openEditor(page, card, title);
    await input.setInputFiles(await images([100, 200, 300, 400, 500]));
    await dashboard.getByRole('button', { name: /Upload 5 files/ }).click();
    await expect(dialog.getByRole('button', { name: /^Remove image/ })).toHaveCount(5, { timeout: 20_000 });
    // Thumbnails are 280 wide: heights 100…500 at 640 wide become 44, 88, 131, 175, 219.
    await expect.poll(() => thumbnailHeights(dialog)).toEqual([44, 88, 131, 175, 219]);

    await expect(dialog.getByRole('button', { name: 'Move image 1 earlier' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Move image 5 later' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Move image 1 later' }).click();
    // Focus stays with the moved image, so the keyboard can move it on.
    await expect(dialog.getByRole('button', { name: 'Move image 2 later' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => thumbnailHeights(dialog)).toEqual([88, 131, 44, 175, 219]);
    await dialog.getByRole('button', { name: 'Move image 5 earlier' }).click();
    await dialog.getByRole('button', { name: 'Remove image 1' }).click();
    await expect.poll(() => thumbnailHeights(dialog)).toEqual([131, 44, 219, 175]);
    expect(await axeViolations(page)).toEqual([]);
    const shown = await dialog.getByRole('list', { name: 'Carousel images' }).locator('img').evaluateAll((list) => list.map((image) => new URL((image as HTMLImageElement).src).pathname));

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Document updated')).toBeVisible();
    expect(await savedImages(page, id)).toEqual(shown);
    await expect(card.getByRole('button', { name: 'Open image 1 of 4' })).toBeVisible();
  });

  test('an image the server refuses shows as failed in the widget, with the message, and is not saved (item 10)', async ({ page }) => {
    const title = `Refused test ${Date.now()}`;
    const { id, card } = await documentToEdit(page, title);
    const { dialog, dashboard, input } = await openEditor(page, card, title);
    const [good] = await images([300]);
    const fake = { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('these bytes are not a PNG at all') };
    await input.setInputFiles([good!, fake]);
    await dashboard.getByRole('button', { name: /Upload 2 files/ }).click();

    const failed = dashboard.locator('.uppy-Dashboard-Item.is-error');
    await expect(failed).toHaveCount(1, { timeout: 20_000 });
    await expect(failed).toContainText('fake.png');
    await expect(dashboard.locator('.uppy-Dashboard-Item.is-complete')).toHaveCount(1);
    await expect(dashboard.locator('.uppy-Dashboard-Item.is-complete')).toContainText('img1.png');
    await expect(dashboard.getByText('Upload complete')).toHaveCount(0);
    await expect(dashboard).toContainText('Upload failed');
    await expect(dashboard.getByText('Upload complete')).toHaveCount(0);
    await expect(failed.locator('[aria-label*="Failed to process uploaded image."], [title*="Failed to process uploaded image."]').first()).toBeAttached();
    await expect(toast(page, 'Upload failed')).toContainText('400: Failed to process uploaded image.');

    await expect(dialog.getByRole('button', { name: /^Remove image/ })).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Document updated')).toBeVisible();
    expect(await savedImages(page, id)).toHaveLength(1);
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1440, height: 700 },
    { width: 390, height: 900 },
    { width: 390, height: 700 },
  ]) {
    test(`at ${viewport.width}×${viewport.height} the uploader is 750×550 or fits, with its messages and Upload button in view (items 7, 11)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const title = `Layout test ${viewport.width}x${viewport.height} ${Date.now()}`;
      const { card } = await documentToEdit(page, title);
      const { dialog, dashboard, input } = await openEditor(page, card, title);
      const inner = dashboard.locator('.uppy-Dashboard-inner');
      const box = await inner.boundingBox();
      const dialogBox = await dialog.boundingBox();
      if (!box || !dialogBox) throw new Error('no layout');
      if (viewport.width >= 1440) {
        expect(box).toMatchObject({ width: 750, height: 550 });
      } else {
        expect(box.width).toBeLessThanOrEqual(dialogBox.width - 40);
        expect(box.height).toBeLessThanOrEqual(550);
        expect(box.height).toBeGreaterThanOrEqual(300);
      }
      expect(box.x).toBeGreaterThanOrEqual(dialogBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
      await expect(inner).toBeInViewport({ ratio: 1 });

      // A refused file's message and, with a good file, the Upload button: in view without scrolling.
      await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
      await expect(dashboard.locator('.uppy-Informer p').first()).toBeInViewport();
      await input.setInputFiles(await images([300]));
      const upload = dashboard.getByRole('button', { name: /Upload 1 file/ });
      await expect(upload).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `test-results/carousel-uploader-${viewport.width}x${viewport.height}.png` });
    });
  }
});
