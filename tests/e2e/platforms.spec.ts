import { dashboardImage } from '@content/dashboards';
import { pages } from '@content/pages';
import { site } from '@content/site';
import { vpvLeaseSandbox } from '@content/vpv-lease';
import { vpvMarketSandbox } from '@content/vpv-market';
import type { Locator, Page } from '@playwright/test';
import { axeViolations, expect, test, visit } from './fixtures';

/** The fixed wording of docs/pages.md, typed out here so a drift in content/ fails the test. */
const spec = {
  marketFeatures: ['Real-Time Market Data', 'Advanced Analytics', 'Profit Optimization', 'Secure Transactions', 'Network Access', 'Instant Execution'],
  marketWhy: ['Transparency', 'Efficiency', 'Profitability', 'Control'],
  leaseFeatures: ['Fleet Management', 'Route Optimization', 'Flexible Scheduling', 'Full Insurance Coverage', '24/7 Support', 'Streamlined Contracts'],
  leaseWhy: ['Cost Efficiency', 'Operational Excellence', 'Scalability', 'Compliance'],
  toolFeatures: {
    'Real-Time Financials':
      'anticipated netback per gallon, running $/gal value, sum of monthly volume, ongoing load count, pending data verification of BOLs and composition',
    'Live Tank Data': 'live operational data, real-time tank levels, calculated hourly flow rates, 24 hour volumes, last offload time-stamp',
    'Historical Analysis':
      "last month's highlights, profitability forecasting, historical netback/volume, transparency vs competition, site optimization opportunity",
    'Product Overview': 'composition breakdown, volumetric analysis, filter by month/site/product, change in composition, plot aggregated volumes',
    'Composition Review': 'compositional statistics, seasonal fluctuations, optimize production, increase netback, condensate potential',
  },
  leaseCards: ['Equipment On Demand', 'Flexible Scheduling', 'Remote Leasing Services', '24/7 Support', 'Streamlined Quotes'],
};

function main(page: Page) {
  return page.getByRole('main');
}

/** Request Demo is a link before hydration and the modal's trigger button after it. */
function requestDemo(scope: Locator) {
  return scope.getByRole('button', { name: 'Request Demo', exact: true }).or(scope.getByRole('link', { name: 'Request Demo', exact: true }));
}

function section(page: Page, name: string | RegExp) {
  return main(page).getByRole('region', { name });
}

async function expectHeadings(scope: Locator, level: number, names: readonly string[]) {
  for (const name of names) await expect(scope.getByRole('heading', { level, name, exact: true })).toBeVisible();
}

async function expectViewInventory(link: Locator) {
  await expect(link).toHaveAttribute('href', site.rentalStoreUrl);
  await expect(link).toHaveAttribute('target', '_blank');
  const rel = (await link.getAttribute('rel')) ?? '';
  expect(rel.split(/\s+/)).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
  await expect(link).toHaveAccessibleName(/View Inventory.*opens in a new tab/);
}

/**
 * Clicks the dialog's backdrop once the dialog is ready for it: Radix moves focus into the
 * dialog on mount and starts listening for outside clicks one task later, so a click in
 * between (sooner than any person clicks) would be missed.
 */
async function clickBackdrop(page: Page, dialog: Locator, x: number, y: number) {
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.mouse.click(x, y);
}

async function expectDashboardImages(page: Page, count: number) {
  const images = main(page).locator(`img[src^="${dashboardImage.basePath}/"]`);
  await expect(images).toHaveCount(count);
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute('width', String(dashboardImage.width));
    await expect(image).toHaveAttribute('height', String(dashboardImage.height));
    await expect(image).toHaveAttribute('loading', /^(lazy|eager)$/);
    await expect(image).toHaveAttribute('decoding', 'async');
    // The hero screenshot is the page's largest paint: fetched first, not lazily.
    const eager = (await image.getAttribute('loading')) === 'eager';
    await expect(image).toHaveAttribute('fetchpriority', eager ? 'high' : 'auto');
    expect((await image.getAttribute('alt'))?.length ?? 0).toBeGreaterThan(40);
    const picture = image.locator('xpath=..');
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\.avif 600w, .+\.avif 1200w$/);
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /\.webp 600w, .+\.webp 1200w$/);
  }
}

test.describe('/vpv-market', () => {
  test('shows the hero, six features, pricing, why-choose and Request Demo', async ({ page }) => {
    await visit(page, pages.vpvMarket.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.vpvMarket.heading);
    await expectHeadings(main(page), 3, spec.marketFeatures);
    await expectHeadings(section(page, 'Why Choose VPV Market'), 3, spec.marketWhy);
    await expect(main(page)).toContainText('live market data, analytics, forecasting and alerts', { ignoreCase: true });
    await expect(main(page)).toContainText('at current commodity pricing');
    await expect(main(page)).toContainText('producers and sites that sell NGL and LNG');
    await expect(requestDemo(main(page)).first()).toBeVisible();
    await expect(requestDemo(main(page))).toHaveCount(2);
    await expect(main(page).getByRole('link', { name: 'Explore the tool' })).toHaveAttribute('href', pages.vpvMarketSandbox.path);
    await expectDashboardImages(page, 2);
  });

  test('the hero screenshot loads eagerly and the one further down lazily', async ({ page }) => {
    await visit(page, pages.vpvMarket.path);
    const images = main(page).locator(`img[src^="${dashboardImage.basePath}/"]`);
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
  });
});

test.describe('/vpv-lease', () => {
  test('shows six features, the Equipment Leasing and Logistics Services lists and why-choose', async ({ page }) => {
    await visit(page, pages.vpvLease.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.vpvLease.heading);
    await expectHeadings(main(page), 3, spec.leaseFeatures);
    await expectHeadings(section(page, 'Why Choose VPV Lease'), 3, spec.leaseWhy);

    const equipment = main(page).getByRole('heading', { name: 'Equipment Leasing', exact: true }).locator('xpath=../..');
    for (const item of ['storage tanks', 'Cryogenic trailers', 'Regasification equipment', 'Skids']) {
      await expect(equipment.getByRole('listitem').filter({ hasText: item })).toHaveCount(1);
    }
    const logistics = main(page).getByRole('heading', { name: 'Logistics Services', exact: true }).locator('xpath=../..');
    for (const item of ['transport', 'scheduling']) {
      await expect(logistics.getByRole('listitem').filter({ hasText: item })).toHaveCount(1);
    }
    await expect(requestDemo(main(page)).first()).toBeVisible();
  });

  test('View Inventory opens the rental store in a new tab', async ({ page }) => {
    await visit(page, pages.vpvLease.path);
    const links = main(page).getByRole('link', { name: /View Inventory/ });
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) await expectViewInventory(link);
    // The click opens a popup; the store is off-site, so the test stops it there.
    await page.context().route(`${new URL(site.rentalStoreUrl).origin}/**`, (route) => route.fulfill({ body: 'store' }));
    const [popup] = await Promise.all([page.waitForEvent('popup'), links.first().click()]);
    expect(popup.url()).toBe(site.rentalStoreUrl);
    await expect(page).toHaveURL(new RegExp(`${pages.vpvLease.path}$`));
    await popup.close();
  });
});

test.describe('/vpv-market-sandbox', () => {
  test('lists the five tool features with the bullets of the spec', async ({ page }) => {
    await visit(page, pages.vpvMarketSandbox.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Gateway to Transparent NGL and LNG Trading');
    const features = section(page, 'Tool Features');
    await expect(features.getByRole('article')).toHaveCount(5);
    for (const [title, bullets] of Object.entries(spec.toolFeatures)) {
      const card = features.getByRole('article', { name: title });
      const items = await card.getByRole('list').getByRole('listitem').allTextContents();
      expect(items.join(', ').toLowerCase()).toBe(bullets.toLowerCase());
      await expect(card.getByRole('button', { name: `Enlarge the ${title} screenshot` })).toBeVisible();
    }
    await expectHeadings(section(page, 'Why Choose VPV Market'), 3, spec.marketWhy);
    const cta = section(page, 'Ready to Get Started?');
    await expect(requestDemo(cta)).toBeVisible();
    await expectDashboardImages(page, 5);
    await expect(main(page).locator(`img[src^="${dashboardImage.basePath}/"]`).first()).toHaveAttribute('loading', 'lazy');
  });

  test('a screenshot enlarges in a dialog that closes by Escape, the close button and the backdrop', async ({ page }) => {
    await visit(page, pages.vpvMarketSandbox.path);
    const trigger = page.getByRole('button', { name: 'Enlarge the Live Tank Data screenshot' });
    const dialog = page.getByRole('dialog', { name: 'Live Tank Data' });

    await trigger.click();
    await expect(dialog).toBeVisible();
    const enlarged = dialog.getByRole('img');
    await expect(enlarged).toHaveAttribute('alt', /Live Tank Data dashboard/);
    await expect.poll(() => enlarged.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box && box.x).toBeGreaterThan(20);
    await clickBackdrop(page, dialog, 8, 8);
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('the dialog works from the keyboard alone and keeps focus inside', async ({ page }) => {
    await visit(page, pages.vpvMarketSandbox.path);
    const trigger = page.getByRole('button', { name: 'Enlarge the Composition Review screenshot' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Composition Review' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('every screenshot is served in both formats', async ({ page, request }) => {
    await visit(page, pages.vpvMarketSandbox.path);
    const sources = await main(page).locator('picture source').evaluateAll((elements) =>
      elements.flatMap((element) => (element.getAttribute('srcset') ?? '').split(', ').map((candidate) => candidate.split(' ')[0]!)),
    );
    expect(sources).toHaveLength(vpvMarketSandbox.features.items.length * 4);
    for (const source of sources) {
      const response = await request.get(source);
      expect(response.status(), source).toBe(200);
      expect(response.headers()['content-type']).toBe(source.endsWith('.avif') ? 'image/avif' : 'image/webp');
    }
  });

  test('the feature links in the hero jump to their cards', async ({ page }) => {
    await visit(page, pages.vpvMarketSandbox.path);
    await page.getByRole('navigation', { name: 'Jump to a feature' }).getByRole('link', { name: 'Composition Review' }).click();
    await expect(page).toHaveURL(/#composition-review$/);
    await expect(page.getByRole('article', { name: 'Composition Review' })).toBeInViewport();
  });
});

test.describe('/vpv-lease-sandbox', () => {
  test('shows five cards, three screenshots, two placeholders, why-choose and the call to action', async ({ page }) => {
    await visit(page, pages.vpvLeaseSandbox.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Comprehensive Virtual Pipeline Leasing Solutions');
    const cards = main(page).getByRole('article');
    await expect(cards).toHaveCount(5);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(spec.leaseCards);
    await expect(main(page).getByRole('button', { name: /^Enlarge the .* screenshot$/ })).toHaveCount(3);
    await expect(main(page).getByText('Screenshot Coming Soon', { exact: true })).toHaveCount(2);
    for (const card of vpvLeaseSandbox.features.items) {
      const article = main(page).getByRole('article', { name: card.title });
      await expect(article.getByRole('listitem')).toHaveText([...card.bullets]);
    }
    await expectDashboardImages(page, 3);
    await expectHeadings(section(page, 'Why Choose VPV Lease'), 3, spec.leaseWhy);
    const cta = section(page, 'Ready to Streamline Your Operations?');
    await expectViewInventory(cta.getByRole('link', { name: /View Inventory/ }));
    await expectViewInventory(main(page).getByRole('link', { name: /View Inventory/ }).first());
  });

  test('a lease screenshot enlarges and closes by the backdrop', async ({ page }) => {
    await visit(page, pages.vpvLeaseSandbox.path);
    const trigger = page.getByRole('button', { name: 'Enlarge the Flexible Scheduling screenshot' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Flexible Scheduling' });
    await expect(dialog).toBeVisible();
    await clickBackdrop(page, dialog, 8, 450);
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the platform pages lay out in one column without horizontal scrolling', async ({ page }) => {
    for (const path of [pages.vpvMarket.path, pages.vpvLease.path, pages.vpvMarketSandbox.path, pages.vpvLeaseSandbox.path]) {
      await visit(page, path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      const tops = await main(page).getByRole('heading', { level: 3 }).evaluateAll((headings) =>
        headings.slice(0, 3).map((heading) => heading.getBoundingClientRect().left),
      );
      expect(new Set(tops.map(Math.round)).size, `${path}: cards share one column`).toBe(1);
    }
  });

  test('the enlarged screenshot offers the full-size image', async ({ page }) => {
    await visit(page, pages.vpvMarketSandbox.path);
    await page.getByRole('button', { name: 'Enlarge the Real-Time Financials screenshot' }).click();
    const link = page.getByRole('dialog').getByRole('link', { name: /Open full-size image/ });
    await expect(link).toHaveAttribute('href', `${dashboardImage.basePath}/market-real-time-financials-1200.webp`);
    await expect(link).toHaveAttribute('target', '_blank');
  });
});
