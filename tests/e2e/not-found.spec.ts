import { notFoundPage } from '@content/pages';
import { axeViolations, expect, test, visit } from './fixtures';

/** Issue 16, item 12: the 404 card keeps its fixed text and then shows where to go. */
test.describe('the not-found card', () => {
  test("keeps its fixed text and links to the home page, the knowledge base and the sitemap", async ({ page }) => {
    const response = await visit(page, '/nope');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(page.getByText('Did you forget to add the page to the router?', { exact: true })).toBeVisible();
    const help = page.getByRole('navigation', { name: notFoundPage.helpTitle });
    await expect(help.getByRole('link')).toHaveText(['Home page', 'Knowledge base', 'Sitemap']);
    await expect(help.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
    await expect(help.getByRole('link', { name: 'Knowledge base' })).toHaveAttribute('href', '/knowledge-base');
    await expect(help.getByRole('link', { name: 'Sitemap' })).toHaveAttribute('href', '/sitemap');
    expect(await axeViolations(page)).toEqual([]);

    await help.getByRole('link', { name: 'Sitemap' }).click();
    await expect(page).toHaveURL(/\/sitemap$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sitemap');
  });

  test('works on a phone too, the links in view under the text', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, '/definitely/not/here');
    const help = page.getByRole('navigation', { name: notFoundPage.helpTitle });
    for (const name of ['Home page', 'Knowledge base', 'Sitemap']) await expect(help.getByRole('link', { name })).toBeInViewport();
    await help.getByRole('link', { name: 'Knowledge base' }).click();
    await expect(page).toHaveURL(/\/knowledge-base$/);
  });
});
