import { pages } from '@content/pages';
import type { Page, Response } from '@playwright/test';
import { axeViolations, expect, test, visit } from './fixtures';

const path = pages.virtualPipeline.path;

/** The lazily loaded chunk that holds Chart.js; `getDataVisibility` is a Chart.js method name minifiers keep. */
const chartChunk = /\/assets\/lng-charts-[\w-]+\.js$/;
const chartJsMarker = 'getDataVisibility';

function figure(page: Page, kind: 'volume' | 'purity' | 'applications') {
  return page.locator(`figure[data-chart="${kind}"]`);
}

async function waitForCharts(page: Page) {
  for (const kind of ['volume', 'purity', 'applications'] as const) {
    await figure(page, kind).scrollIntoViewIfNeeded();
    await expect(figure(page, kind)).toHaveAttribute('data-chart-ready', 'true');
  }
}

/** The JavaScript a page loaded, with bodies, collected while `load` runs. */
async function scriptsLoadedBy(page: Page, load: () => Promise<unknown>) {
  const scripts: Array<{ url: string; body: Promise<string> }> = [];
  const onResponse = (response: Response) => {
    // Module preloads are not always typed 'script', so go by the file name.
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.push({ url: response.url(), body: response.text().catch(() => '') });
  };
  page.on('response', onResponse);
  await load();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return Promise.all(scripts.map(async (script) => ({ url: script.url, body: await script.body })));
}

test.describe('/virtual-pipeline', () => {
  test('has the title, subtitle and all six sections with the spec figures', async ({ page }) => {
    await visit(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The LNG Virtual Pipeline');
    await expect(page.getByText('High-Volume Energy for the Long Haul', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toContainText([
      'What Is LNG?',
      'The High-Density Advantage',
      'Purity',
      'How the Virtual Pipeline Works',
      'Key Applications',
      'Advantages and Considerations',
    ]);
    const main = page.getByRole('main');
    await expect(main).toContainText('cooled to about -260°F (-162°C)');
    await expect(main.getByRole('heading', { level: 3 })).toContainText(['Liquefaction', 'Transport', 'Regasification']);
    await expect(main).toContainText('insulated cryogenic tanks');
    await expect(main).toContainText('At the customer’s site');
    for (const name of ['High Energy Density', 'Global Versatility', 'Higher Initial Cost', 'Complex Handling']) {
      await expect(main.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('navigation', { name: 'On this page' }).getByRole('link')).toHaveCount(6);
  });

  test('declares the page as an Article in JSON-LD', async ({ page }) => {
    await visit(page, path);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const article = blocks.map((block) => JSON.parse(block) as Record<string, unknown>).find((data) => data['@type'] === 'Article');
    expect(article).toMatchObject({
      headline: 'The LNG Virtual Pipeline: High-Volume Energy for the Long Haul',
      mainEntityOfPage: { '@id': expect.stringMatching(/\/virtual-pipeline$/) },
      publisher: { '@type': 'Organization' },
    });
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  });

  test('draws the three charts as labelled images without shifting the layout', async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await visit(page, path);
    const heights = await page.locator('figure[data-chart]').evaluateAll((figures) => figures.map((element) => element.getBoundingClientRect().height));
    await waitForCharts(page);
    const after = await page.locator('figure[data-chart]').evaluateAll((figures) => figures.map((element) => element.getBoundingClientRect().height));
    expect(after).toEqual(heights);
    const shift = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));
    expect(shift).toBeLessThan(0.01);

    await expect(figure(page, 'volume').locator('canvas')).toHaveAttribute('role', 'img');
    await expect(figure(page, 'volume').locator('canvas')).toHaveAttribute('aria-label', 'Volume Equivalence: Standard Gas 1x, CNG 250x, LNG 600x');
    await expect(figure(page, 'purity').locator('canvas')).toHaveAttribute('aria-label', 'Methane Purity: LNG 98%, Pipeline Gas 85%');
    await expect(figure(page, 'applications').locator('canvas')).toHaveAttribute(
      'aria-label',
      'LNG Application Share: Power Generation 40%, Maritime and Shipping Fuel 25%, Heavy-Duty Trucking 20%, Industrial Operations 15%',
    );
    // The tables stay for screen readers once the charts are drawn.
    await expect(figure(page, 'volume').getByRole('table')).toBeAttached();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('clicking a legend entry of the doughnut toggles that entry in the chart', async ({ page }) => {
    await visit(page, path);
    const doughnut = figure(page, 'applications');
    await doughnut.scrollIntoViewIfNeeded();
    await expect(doughnut).toHaveAttribute('data-chart-ready', 'true');
    const canvas = doughnut.locator('canvas');
    const legend = doughnut.getByRole('list', { name: 'LNG Application Share legend' });
    await expect(legend.getByRole('button')).toHaveText([/Power Generation/, /Maritime and Shipping Fuel/, /Heavy-Duty Trucking/, /Industrial Operations/]);
    await expect(canvas).toHaveAttribute('data-visibility', '1111');

    const maritime = legend.getByRole('button', { name: /Maritime and Shipping Fuel/ });
    await expect(maritime).toHaveAttribute('aria-pressed', 'true');
    await maritime.click();
    await expect(canvas).toHaveAttribute('data-visibility', '1011');
    await expect(maritime).toHaveAttribute('aria-pressed', 'false');

    // From the keyboard too.
    const trucking = legend.getByRole('button', { name: /Heavy-Duty Trucking/ });
    await trucking.focus();
    await page.keyboard.press('Enter');
    await expect(canvas).toHaveAttribute('data-visibility', '1001');

    await maritime.click();
    await expect(canvas).toHaveAttribute('data-visibility', '1101');
    await expect(maritime).toHaveAttribute('aria-pressed', 'true');
  });

  test('loads Chart.js in its own chunk, only here', async ({ page }) => {
    const scripts = await scriptsLoadedBy(page, async () => {
      await visit(page, path);
      await waitForCharts(page);
    });
    const chunk = scripts.find((script) => chartChunk.test(new URL(script.url).pathname));
    expect(chunk, 'the chart chunk is requested on /virtual-pipeline').toBeDefined();
    expect(chunk?.body).toContain(chartJsMarker);
    const others = scripts.filter((script) => script !== chunk && script.body.includes(chartJsMarker));
    expect(others.map((script) => script.url), 'Chart.js outside the chart chunk').toEqual([]);
  });

  for (const other of [pages.home.path, pages.vpvMarket.path]) {
    test(`does not load Chart.js on ${other}`, async ({ page }) => {
      const scripts = await scriptsLoadedBy(page, () => visit(page, other));
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((script) => chartChunk.test(new URL(script.url).pathname) || script.body.includes(chartJsMarker)).map((s) => s.url)).toEqual([]);
    });
  }
});

test.describe('/virtual-pipeline without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('renders every chart as a data table on the server', async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The LNG Virtual Pipeline');
    await expect(page.locator('canvas')).toHaveCount(0);

    const rows = (kind: 'volume' | 'purity' | 'applications') => figure(page, kind).getByRole('table').getByRole('row');
    await expect(figure(page, 'volume').locator('figcaption')).toContainText('Volume Equivalence');
    await expect(rows('volume')).toHaveText([/Relative volume/, /Standard Gas\s*1x/, /CNG\s*250x/, /LNG\s*600x/]);
    await expect(rows('purity')).toHaveText([/Methane content/, /LNG\s*98%/, /Pipeline Gas\s*85%/]);
    await expect(figure(page, 'applications').locator('figcaption')).toContainText('LNG Application Share');
    await expect(rows('applications')).toHaveText([
      /Share/,
      /Power Generation\s*40%/,
      /Maritime and Shipping Fuel\s*25%/,
      /Heavy-Duty Trucking\s*20%/,
      /Industrial Operations\s*15%/,
    ]);
    for (const kind of ['volume', 'purity', 'applications'] as const) await expect(figure(page, kind).getByRole('table')).toBeVisible();
  });
});

test.describe('/virtual-pipeline on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('draws a chart when it comes near the screen, and loads Chart.js only then', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await visit(page, path);
    await page.waitForLoadState('networkidle');
    expect(requested.filter((pathname) => chartChunk.test(pathname))).toEqual([]);
    for (const kind of ['volume', 'purity', 'applications'] as const) {
      await expect(figure(page, kind)).toHaveAttribute('data-chart-ready', 'false');
      await expect(figure(page, kind).getByRole('table')).toBeVisible();
    }

    await figure(page, 'volume').scrollIntoViewIfNeeded();
    await expect(figure(page, 'volume')).toHaveAttribute('data-chart-ready', 'true');
    expect(requested.filter((pathname) => chartChunk.test(pathname))).toHaveLength(1);
    // The doughnut, far below, is not drawn yet.
    await expect(figure(page, 'applications')).toHaveAttribute('data-chart-ready', 'false');
    await figure(page, 'applications').scrollIntoViewIfNeeded();
    await expect(figure(page, 'applications')).toHaveAttribute('data-chart-ready', 'true');
  });

  test('fits the screen and keeps the charts in their reserved boxes', async ({ page }) => {
    await visit(page, path);
    await waitForCharts(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const overflowing = await page.locator('[data-chart-box]').evaluateAll((boxes) =>
      boxes.filter((box) => box.scrollHeight > box.clientHeight + 1).map((box) => box.closest('figure')?.dataset.chart),
    );
    expect(overflowing).toEqual([]);
  });
});
