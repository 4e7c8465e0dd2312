import { pages } from '@content/pages';
import { learnPages, mainPages } from '@content/sitemap';
import { axeViolations, expect, test, visit } from './fixtures';

interface NavigationList {
  '@type': string;
  itemListElement: Array<{ '@type': string; name: string; url: string }>;
}

test.describe('the sitemap page', () => {
  test('has a card for each main page with what is on it', async ({ page }) => {
    await visit(page, '/sitemap');
    await expect(page).toHaveTitle(pages.sitemap.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', pages.sitemap.description);
    for (const [label, path] of [
      ['Home', '/'],
      ['Leadership', '/leadership'],
      ['Knowledge Base', '/knowledge-base'],
      ['VPV Market', '/vpv-market'],
      ['VPV Lease', '/vpv-lease'],
    ] as const) {
      const card = page.getByRole('article', { name: label, exact: true });
      await expect(card.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', path);
    }
    const main = page.getByRole('main');
    for (const section of ['Contact form', 'Document library', 'Glossary', 'Admin portal', 'Live tank data', 'Demo request', '24/7 support']) {
      await expect(main.getByRole('listitem').filter({ hasText: section }).first()).toBeVisible();
    }
    expect(mainPages).toHaveLength(5);
  });

  test('lists the educational pages', async ({ page }) => {
    await visit(page, '/sitemap');
    await expect(page.getByRole('main').getByRole('link', { name: 'The LNG Virtual Pipeline' })).toHaveAttribute('href', '/virtual-pipeline');
    await expect(page.getByRole('main').getByRole('link', { name: 'LNG vs CNG' })).toHaveAttribute('href', '/lng-vs-cng');
  });

  test('describes its navigation as JSON-LD', async ({ page }) => {
    await visit(page, '/sitemap');
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as NavigationList,
    );
    const list = blocks.find((block) => block['@type'] === 'ItemList');
    expect(list?.itemListElement.map((item) => item['@type'])).toEqual(
      [...mainPages, ...learnPages].map(() => 'SiteNavigationElement'),
    );
    expect(list?.itemListElement.map((item) => new URL(item.url).pathname)).toEqual(
      [...mainPages, ...learnPages].map((card) => pages[card.page].path),
    );
  });

  test('Contact Us goes home and scrolls to the contact section', async ({ page }) => {
    await visit(page, '/sitemap');
    const contact = page.getByRole('main').getByRole('link', { name: 'Contact Us' });
    await expect(contact).toHaveAttribute('href', '/#contact');
    await contact.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('links every section of every card, and each link reaches its section (issue 16)', async ({ page }) => {
    test.setTimeout(120_000);
    await visit(page, '/sitemap');
    const lists = page.getByRole('main').getByRole('list', { name: /^On the / });
    const items = lists.getByRole('listitem');
    const count = await items.count();
    expect(count).toBe([...mainPages, ...learnPages].reduce((sum, card) => sum + card.sections.length, 0));
    for (let index = 0; index < count; index++) {
      await expect(items.nth(index).getByRole('link'), await items.nth(index).innerText()).toHaveCount(1);
    }
    for (const section of [...mainPages, ...learnPages].flatMap((card) => card.sections)) {
      // Back to the sitemap in the browser's history: client-side, no reload.
      if (new URL(page.url()).pathname !== '/sitemap') await page.goBack();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.sitemap.heading);
      await page.getByRole('main').getByRole('link', { name: section.label, exact: true }).click();
      const target = new URL(section.href, 'http://site');
      await expect(page, section.label).toHaveURL((url) => url.pathname === target.pathname && url.search === target.search);
      if (target.hash) await expect(page.locator(`[id="${target.hash.slice(1)}"]`), section.label).toBeInViewport();
      const tab = target.searchParams.get('tab');
      if (tab) await expect(page.locator(`#kb-tab-${tab}`), section.label).toHaveAttribute('aria-selected', 'true');
    }
  });

  test('has no axe violations', async ({ page }) => {
    await visit(page, '/sitemap');
    expect(await axeViolations(page)).toEqual([]);
  });
});
