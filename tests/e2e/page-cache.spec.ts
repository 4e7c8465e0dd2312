import { notFoundPage, pages } from '@content/pages';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, visit } from './fixtures';

// Cached pages (server/page-cache/, decision 020) carry a CSP of their inline scripts' hashes
// instead of a nonce. Each page is loaded twice, the second time from the cache: it must
// hydrate and raise no CSP violation (the fixture's guard fails the test on any).
const paths = [...Object.values(pages).map((page) => page.path), '/knowledge-base?tab=faq', '/knowledge-base?search=propane'];

/** Waits until the server keeps `path` (it stores a page shortly after sending its first rendering). */
async function untilCached(request: APIRequestContext, path: string) {
  await expect
    .poll(async () => (await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } })).headers()['x-page-cache'], {
      message: `${path} is kept`,
      timeout: 10_000,
    })
    .toBe('hit');
}

test.describe('pages served from the cache', () => {
  for (const path of paths) {
    test(`${path} hydrates from the cached copy with no CSP violation`, async ({ page }) => {
      const first = await visit(page, path);
      expect(first?.status()).toBe(200);
      await untilCached(page.request, path);

      const second = await visit(page, path);
      expect(second?.headers()['x-page-cache']).toBe('hit');
      const csp = second?.headers()['content-security-policy'] ?? '';
      expect(csp).toMatch(/script-src 'self' 'sha256-/);
      expect(csp).not.toContain("'nonce-");
      // Interactive after hydration: the header's Tools menu opens.
      await page.getByRole('button', { name: 'Tools' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    });
  }

  test('the 404 page hydrates from the cached copy too', async ({ page }) => {
    expect((await visit(page, '/no/such/page'))?.status()).toBe(404);
    await untilCached(page.request, '/no/such/page');
    const second = await visit(page, '/no/such/page');
    expect(second?.status()).toBe(404);
    expect(second?.headers()['x-page-cache']).toBe('hit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFoundPage.heading);
  });
});
