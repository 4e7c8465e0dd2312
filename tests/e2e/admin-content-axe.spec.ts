import type { EditorState } from '@domain/site-content/types';
import sharp from 'sharp';
import { loginAsAdmin } from './admin-helpers';
import { axeViolations, expect, test, visit } from './fixtures';

/**
 * Every site content editor screen (docs/staff-editing.md) is axe clean on a phone and on a
 * desktop, with the History panel open, with field errors shown and with a dialog open.
 * CONTENT_SCREENSHOTS=<dir> also saves a full-page screenshot of each.
 */
const editors = ['company', 'leaders', 'faq', 'associations', 'seo'] as const;
const screenshots = process.env.CONTENT_SCREENSHOTS;

for (const width of [390, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the overview', async ({ page }) => {
      await loginAsAdmin(page);
      await visit(page, '/admin/content');
      expect(await axeViolations(page)).toEqual([]);
      if (screenshots) await page.screenshot({ path: `${screenshots}/overview-${width}.png`, fullPage: true });
    });

    for (const kind of editors) {
      test(`the ${kind} editor with its history`, async ({ page }) => {
        await loginAsAdmin(page);
        await visit(page, `/admin/content/${kind}`);
        await page.getByRole('button', { name: 'Show history' }).click();
        await expect(page.getByRole('list', { name: 'History' })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
        if (screenshots) await page.screenshot({ path: `${screenshots}/${kind}-${width}.png`, fullPage: true });
      });
    }

    test('the knowledge base’s admin banner links to Site content, without scrolling sideways', async ({ page }) => {
      await loginAsAdmin(page);
      await visit(page, '/knowledge-base');
      const banner = page.getByRole('region', { name: 'Admin' });
      await expect(banner.getByRole('link', { name: 'Site content' })).toHaveAttribute('href', '/admin/content');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (screenshots) await banner.screenshot({ path: `${screenshots}/kb-banner-${width}.png` });
    });

    test('a leader with an uploaded photo', async ({ page }) => {
      page.on('dialog', (dialog) => void dialog.accept());
      await loginAsAdmin(page);
      await visit(page, '/admin/content/leaders');
      const row = page.getByRole('group', { name: /^Leader 1/ });
      const png = await sharp({ create: { width: 500, height: 360, channels: 3, background: '#0e7490' } }).png().toBuffer();
      await row.getByLabel('Choose photo').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
      await expect(row.getByRole('img', { name: /^Photo of/ })).toBeVisible();
      await expect(row.getByRole('button', { name: /^Remove photo/ })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      if (screenshots) await row.screenshot({ path: `${screenshots}/leader-photo-${width}.png` });
    });

    test('the History panel with changes, and its Restore dialog', async ({ page }) => {
      await loginAsAdmin(page);
      // A publish that renames, moves, adds and removes: every kind of change line.
      const state = (await (await page.request.get('/api/admin/content/associations')).json()) as EditorState<'associations'>;
      const [first, second, ...rest] = state.published.associations;
      if (!first || !second) throw new Error('fewer than two associations');
      const changed = {
        ...state.published,
        associations: [second, { ...first, name: `${first.name} (renamed)`, url: 'https://example.org/' }, ...rest.slice(1), { id: `axe-${width}`, name: 'Axe Check Council', url: null }],
      };
      const published = await page.request.post('/api/admin/content/associations/publish', { data: { revision: state.revision, data: changed } });
      expect(published.status()).toBe(200);
      const version = ((await published.json()) as EditorState<'associations'>).publishedVersion;

      await visit(page, '/admin/content/associations');
      await page.getByRole('button', { name: 'Show history' }).click();
      const history = page.getByRole('list', { name: 'History' });
      await expect(history.getByRole('article', { name: new RegExp(`^Version ${version}`) })).toContainText('Moved');
      expect(await axeViolations(page)).toEqual([]);
      if (screenshots) await history.screenshot({ path: `${screenshots}/history-${width}.png` });

      await history.getByRole('button', { name: `Restore version ${state.publishedVersion}` }).click();
      const dialog = page.getByRole('dialog', { name: `Restore version ${state.publishedVersion}?` });
      await expect(dialog).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Restore and publish' }).click();
      await expect(dialog).toBeHidden();
      await expect(history.getByRole('article', { name: new RegExp(`^Version ${version + 1}`) })).toContainText(`Restored from version ${state.publishedVersion}.`);
    });

    test('an editor with field errors, and its Discard dialog', async ({ page }) => {
      page.on('dialog', (dialog) => void dialog.accept());
      await loginAsAdmin(page);
      await visit(page, '/admin/content/company');
      await page.getByLabel('Phone (tap to call)').fill('+15550100');
      await page.getByLabel('Street').fill('');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByLabel('Street')).toHaveAttribute('aria-invalid', 'true');
      expect(await axeViolations(page)).toEqual([]);
      if (screenshots) await page.screenshot({ path: `${screenshots}/company-errors-${width}.png`, fullPage: false });

      await visit(page, '/admin/content/associations');
      await page.getByRole('button', { name: 'Add company' }).click();
      await page.getByRole('group', { name: /^Company 7/ }).getByLabel('Name').fill('Axe Check Company');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByRole('button', { name: 'Discard draft' })).toBeVisible();
      await page.getByRole('button', { name: 'Discard draft' }).click();
      await expect(page.getByRole('dialog', { name: 'Discard the draft?' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      if (screenshots) await page.screenshot({ path: `${screenshots}/discard-dialog-${width}.png` });
      await page.getByRole('dialog').getByRole('button', { name: 'Discard draft' }).click();
      await expect(page.getByRole('button', { name: 'Discard draft' })).toHaveCount(0);
    });
  });
}
