import type { APIRequestContext, Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { e2eAdmin } from './admin-helpers';
import { expect, test, visit } from './fixtures';

/**
 * Issue 16, item 3: what a phone (and a tablet) showed wrong. The knowledge-base tab bar
 * cut a label off with no hint that it scrolled; the hero's '< 24 months' wrapped; a
 * document card without a description stretched to its neighbour's height with a gap above
 * Download; the purity chart carried no 98 % / 85 % on its bars.
 */

const tablist = (page: Page) => page.getByRole('tablist', { name: 'Knowledge base sections' });

for (const width of [390, 900, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 844 : 900 } });

    test('every knowledge-base tab and its whole label are in sight, nothing scrolls sideways', async ({ page }) => {
      await visit(page, '/knowledge-base');
      const bar = tablist(page);
      await expect(bar.getByRole('tab')).toHaveCount(8);
      const layout = await bar.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return {
          scrolls: element.scrollWidth > element.clientWidth + 1,
          tabs: [...element.querySelectorAll<HTMLElement>('[role="tab"]')].map((tab) => {
            const tabBox = tab.getBoundingClientRect();
            const label = tab.querySelector('span')!;
            return {
              label: label.textContent,
              inside: tabBox.left >= box.left - 1 && tabBox.right <= box.right + 1,
              truncated: label.scrollWidth > label.clientWidth + 1 || tab.scrollWidth > tab.clientWidth + 1,
              top: Math.round(tabBox.top),
            };
          }),
        };
      });
      expect(layout.scrolls, 'the tab bar scrolls sideways').toBe(false);
      for (const tab of layout.tabs) {
        expect(tab.inside, `${tab.label} inside the bar`).toBe(true);
        expect(tab.truncated, `${tab.label} cut off`).toBe(false);
      }
      // On a desktop they stay one row of eight (docs/knowledge-base.md).
      if (width >= 1024) expect(new Set(layout.tabs.map((tab) => tab.top)).size).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });

    test("the hero's figures each stay on one line", async ({ page }) => {
      await visit(page, '/');
      const figures = await page.locator('#top dl dd').evaluateAll((elements) =>
        elements.map((element) => ({
          text: element.textContent,
          lines: Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)),
          overflows: element.scrollWidth > element.clientWidth + 1,
        })),
      );
      expect(figures.map((figure) => figure.text)).toContain('< 24 months');
      for (const figure of figures) expect(figure, String(figure.text)).toEqual({ text: figure.text, lines: 1, overflows: false });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });

    test('the purity chart writes 98% and 85% on its bars', async ({ page }) => {
      await visit(page, '/virtual-pipeline');
      const purity = page.locator('figure[data-chart="purity"]');
      await purity.scrollIntoViewIfNeeded();
      await expect(purity).toHaveAttribute('data-chart-ready', 'true');
      await expect(purity.locator('canvas')).toHaveAttribute('data-value-labels', '98%,85%');
    });
  });
}

test.describe('a document card without a description', () => {
  test.use({ viewport: { width: 900, height: 900 } });
  const title = `No description card ${Date.now()}`;
  let api: APIRequestContext;
  let id: number | undefined;

  test.beforeAll(async ({ playwright }) => {
    api = await playwright.request.newContext({ baseURL });
    const login = await api.post('/api/admin/login', { data: { username: e2eAdmin.username, password: e2eAdmin.password } });
    expect(login.ok()).toBe(true);
    // Infographics holds one sample document with a description: the two share a row at 900 px.
    const upload = await api.post('/api/documents/upload', {
      multipart: {
        file: { name: 'no-description.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
        title,
        category: 'infographics',
      },
    });
    expect(upload.status()).toBe(201);
    id = ((await upload.json()) as { id: number }).id;
  });

  test.afterAll(async () => {
    if (id !== undefined) await api.delete(`/api/documents/${id}`);
    await api.dispose();
  });

  test('has Download right under its details, even beside a taller card', async ({ page }) => {
    await visit(page, '/knowledge-base?tab=infographics');
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    const gap = await card.evaluate((article) => {
      const details = article.querySelector('p')!.getBoundingClientRect();
      const download = article.querySelector('a[download]')!.getBoundingClientRect();
      return download.top - details.bottom;
    });
    expect(gap).toBeLessThanOrEqual(32);
    // It shares its row with a taller card (the sample with a description), and stays shorter.
    const row = await page
      .getByRole('main')
      .getByRole('article')
      .evaluateAll((articles) => articles.map((article) => ({ top: Math.round(article.getBoundingClientRect().top), height: article.getBoundingClientRect().height })));
    const cardBox = await card.boundingBox();
    const neighbours = row.filter((other) => Math.abs(other.top - Math.round(cardBox!.y)) <= 1 && other.height > cardBox!.height);
    expect(neighbours.length, 'a taller card beside it').toBeGreaterThanOrEqual(1);
  });
});
