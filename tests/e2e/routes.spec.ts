import { notFoundPage, pages } from '@content/pages';
import { axeViolations, expect, test, visit } from './fixtures';

const routes = Object.values(pages);

test.describe('every route', () => {
  for (const page of routes) {
    test(`${page.path} renders its heading, title and metadata without axe violations`, async ({ page: browser }) => {
      const response = await visit(browser, page.path);
      expect(response?.status()).toBe(200);
      await expect(browser).toHaveTitle(page.title);
      await expect(browser.getByRole('heading', { level: 1 })).toHaveText(page.heading);
      await expect(browser.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${page.path}$`));
      expect(await axeViolations(browser)).toEqual([]);
    });
  }

  test('an unknown route answers 404 with the not-found card', async ({ page }) => {
    const response = await visit(page, '/definitely/not/here');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page Not Found');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFoundPage.heading);
    await expect(page.getByText(notFoundPage.text)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the first paint waits for no script: hydration scripts are requested after it', async ({ page }) => {
    for (const route of ['/', '/virtual-pipeline']) {
      await visit(page, route);
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'));
        return { paint, scripts: scripts.length, firstScript: Math.min(...scripts.map((entry) => entry.startTime)) };
      });
      expect(timing.scripts, route).toBeGreaterThan(3);
      expect(timing.firstScript, route).toBeGreaterThan(timing.paint);
    }
    // And the page is interactive: the header's Tools menu opens.
    await page.getByRole('button', { name: 'Tools' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
  });

  test('a visitor gets no cookie on any route', async ({ page, context }) => {
    for (const route of [...routes.map((entry) => entry.path), '/missing']) {
      await page.goto(route);
    }
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
  });
});
