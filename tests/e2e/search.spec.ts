import type { SearchResponse } from '@domain/search/types';
import type { Page } from '@playwright/test';
import { axeViolations, expect, test, visit } from './fixtures';

// The knowledge base's one search as visitors see it (docs/search.md, What visitors see): the
// results page without JavaScript, the header's dialog with the keyboard, and the anchors
// every hit links to.

const termCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const dialogChunk = /\/search-dialog-[\w-]+\.js$/;

/** The first hit of a kind for a query, as the API answers it (the anchors' ids come from the data). */
async function firstHit(page: Page, q: string, kind: string) {
  const response = await page.request.get(`/api/search?${new URLSearchParams({ q, kind, limit: '5' })}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as SearchResponse;
  const hit = body.groups[0]?.hits[0];
  if (!hit) throw new Error(`no ${kind} hit for ${q}`);
  return hit;
}

test.describe('the results page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('netbak finds Netback, says what it searched, and links to the glossary card, which is marked', async ({ page }) => {
    const response = await page.goto('/knowledge-base?search=netbak');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 2, name: 'Results for “netbak”' })).toBeVisible();
    await expect(page.getByText('Showing results for netback')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search the knowledge base' })).toHaveValue('netbak');
    // No tab is selected: the page is the search.
    await expect(page.getByRole('tab', { selected: true })).toHaveCount(0);
    const glossary = page.getByRole('region', { name: /^Glossary/ });
    const netback = glossary.getByRole('link', { name: 'Netback', exact: true });
    await expect(netback).toHaveAttribute('href', '/knowledge-base#term-netback');
    await expect(glossary.locator('mark').first()).toHaveText(/netback/i);
    await netback.click();
    await expect(page).toHaveURL(/\/knowledge-base#term-netback$/);
    const card = termCard(page, 'Netback');
    await expect(card).toBeInViewport();
    expect(await card.evaluate((element) => element.matches(':target'))).toBe(true);
  });

  test('VPV Market finds the FAQ entry, linked to its item', async ({ page }) => {
    await page.goto('/knowledge-base?search=VPV%20Market');
    const faq = page.getByRole('region', { name: /^FAQ/ });
    const link = faq.getByRole('link', { name: 'What is VPV Market?' });
    await expect(link).toHaveAttribute('href', /^\/knowledge-base\?tab=faq#faq-/);
    await link.click();
    const id = new URL(page.url()).hash.slice(1);
    // Without JavaScript the FAQ is the plain list; the entry is the target.
    await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
    await expect(page.locator(`[id="${id}"]`)).toContainText('What is VPV Market?');
  });

  test('an empty query asks for one; the form searches', async ({ page }) => {
    await page.goto('/knowledge-base?search=');
    await expect(page.getByRole('heading', { level: 2, name: 'Search the knowledge base' })).toBeVisible();
    await expect(page.getByText(/Type a word or two above/)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the knowledge base' }).fill('boil-off');
    await page.getByRole('search', { name: 'Search the knowledge base' }).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/knowledge-base\?search=boil-off$/);
    await expect(page.getByRole('link', { name: 'Boil-off gas', exact: true })).toBeVisible();
  });

  test('nonsense says nothing matched, and a near miss offers Did you mean', async ({ page }) => {
    await page.goto('/knowledge-base?search=qqqzzzxx');
    await expect(page.getByText('Nothing in the knowledge base matches “qqqzzzxx”.')).toBeVisible();
    await expect(page.getByText('Did you mean')).toHaveCount(0);

    await page.goto('/knowledge-base?search=regasifikashun');
    await expect(page.getByText('Nothing in the knowledge base matches “regasifikashun”.')).toBeVisible();
    const suggestion = page.getByRole('link', { name: 'regasification' });
    await expect(suggestion).toHaveAttribute('href', '/knowledge-base?search=regasification');
    await suggestion.click();
    await expect(page.getByRole('link', { name: 'Regasification', exact: true })).toBeVisible();
  });

  test('the header search is a link to the results page', async ({ page }) => {
    await page.goto('/');
    const link = page.getByRole('banner').getByRole('link', { name: 'Search' });
    await expect(link).toHaveAttribute('href', '/knowledge-base?search=');
    await link.click();
    await expect(page.getByRole('searchbox', { name: 'Search the knowledge base' })).toBeVisible();
  });
});

test.describe('the header search dialog', () => {
  test('loads on first open; Ctrl+K, typing, ArrowDown and Enter land on the marked card', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await visit(page, '/');
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.filter((path) => dialogChunk.test(path))).toEqual([]);

    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search the knowledge base' });
    await expect(dialog).toBeVisible();
    expect(scripts.filter((path) => dialogChunk.test(path))).toHaveLength(1);
    const input = dialog.getByRole('combobox', { name: 'Search the knowledge base' });
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.type('netbak');
    const option = dialog.getByRole('option', { name: /^Netback/ });
    await expect(option).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('group', { name: 'Glossary' })).toBeVisible();
    await expect(dialog.getByText('Showing results for netback')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? 'missing');
    await page.keyboard.press('Enter');

    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/knowledge-base#term-netback$/);
    const card = termCard(page, 'Netback');
    await expect(card).toBeInViewport();
    await expect(card).toHaveAttribute('data-targeted', 'true');
  });

  test('/ opens it (not while typing in a field), Escape closes it and focus returns', async ({ page }) => {
    await visit(page, '/knowledge-base');
    const glossarySearch = page.getByRole('searchbox', { name: 'Search terms' });
    await glossarySearch.fill('gas/');
    await expect(glossarySearch).toHaveValue('gas/');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const tab = page.getByRole('tab', { name: 'Glossary' });
    await tab.focus();
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Search the knowledge base' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox')).toBeFocused();
    // Ctrl K again inside the open dialog changes nothing, not even where focus returns.
    await page.keyboard.press('Control+k');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(tab).toBeFocused();

    // The header's button opens it too, and Enter with no option chosen goes to the results page.
    await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.type('VPV Market');
    await expect(dialog.getByRole('option', { name: /^What is VPV Market\?/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/knowledge-base\?search=VPV%20Market$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Results for “VPV Market”' })).toBeVisible();
  });

  test('Did you mean in the dialog, and a failed fetch says so', async ({ page }) => {
    await visit(page, '/leadership');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search the knowledge base' });
    const input = dialog.getByRole('combobox');
    await input.fill('regasifikashun');
    await expect(dialog.getByText('Nothing in the knowledge base matches “regasifikashun”.')).toBeVisible();
    await dialog.getByRole('button', { name: 'regasification' }).click();
    await expect(input).toHaveValue('regasification');
    await expect(dialog.getByRole('option', { name: /^Regasification/ }).first()).toBeVisible();

    await page.route('**/api/search?**', (route) => route.abort('internetdisconnected'));
    await input.fill('propane');
    await expect(dialog.getByText('Search is not available just now. Check your connection and try again.')).toBeVisible();
    await page.unroute('**/api/search?**');
    await input.fill('propane ');
    await expect(dialog.getByRole('option', { name: /^Propane/ }).first()).toBeVisible();
  });
});

test.describe('anchors', () => {
  test('a FAQ hit opens its item, a tutorial hit its step, a document hit marks its card', async ({ page }) => {
    const faq = await firstHit(page, 'VPV Market', 'faq');
    await visit(page, faq.url);
    const id = faq.url.split('#')[1] ?? '';
    await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
    await expect(page.getByRole('button', { name: faq.title })).toHaveAttribute('aria-expanded', 'true');

    await visit(page, '/knowledge-base?tab=tutorials#tutorial-step-3');
    const tutorial = page.getByRole('dialog');
    await expect(tutorial).toBeVisible();
    await expect(tutorial.getByText('Step 3 of 5')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tutorial).toHaveCount(0);
    await expect(page).not.toHaveURL(/#tutorial-step/);

    const document = await firstHit(page, 'netback', 'document');
    await visit(page, document.url);
    const card = page.locator(`[id="${document.url.split('#')[1] ?? ''}"]`);
    await expect(card).toBeInViewport();
    await expect(card).toHaveAttribute('data-targeted', 'true');
    await expect(card).toContainText(document.title);
  });

  test('the glossary describes itself as a DefinedTermSet whose terms link to their cards', async ({ page }) => {
    await visit(page, '/knowledge-base');
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const set = blocks.map((text) => JSON.parse(text) as { '@type': string; hasDefinedTerm?: Array<{ name: string; url: string; inDefinedTermSet: string }> }).find((data) => data['@type'] === 'DefinedTermSet');
    const netback = set?.hasDefinedTerm?.find((term) => term.name === 'Netback');
    expect(netback?.url).toMatch(/\/knowledge-base#term-netback$/);
    expect(netback?.inDefinedTermSet).toMatch(/\/knowledge-base#glossary$/);
    // A glossary search shows part of the glossary: no set there.
    await visit(page, '/knowledge-base?tab=glossary&search=propane');
    const searched = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(searched.some((text) => text.includes('DefinedTermSet'))).toBe(false);
  });
});

test.describe('accessibility', () => {
  for (const width of [390, 1440]) {
    test(`axe finds nothing on the results page and the open dialog at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      await visit(page, '/knowledge-base?search=netbak');
      expect(await axeViolations(page)).toEqual([]);
      await visit(page, '/knowledge-base?search=regasifikashun');
      expect(await axeViolations(page)).toEqual([]);

      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: 'Search the knowledge base' });
      await dialog.getByRole('combobox').fill('netbak');
      await expect(dialog.getByRole('option').first()).toBeVisible();
      await page.keyboard.press('ArrowDown');
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
