import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { baseURL } from '../../playwright.config';
import { axeViolations, expect, test, visit } from './fixtures';

test.describe('Client Log In without configured sign-in pages', () => {
  test('VPV Market Login opens the access panel; Escape closes it and clears the hash', async ({ page }) => {
    await visit(page, '/leadership');
    await page.getByRole('button', { name: 'Client Log In' }).click();
    await page.getByRole('menuitem', { name: 'VPV Market Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'VPV Market client log in' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/leadership#vpv-market-login$/);
    await expect(dialog).toContainText('How clients get access');
    // Request Demo belongs to the leads feature: a link before hydration, a modal trigger after.
    const requestDemo = dialog.getByRole('button', { name: 'Request Demo' }).or(dialog.getByRole('link', { name: 'Request Demo' }));
    await expect(requestDemo).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/#contact');
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/leadership$/);

    // The same link works again once the hash is gone.
    await page.getByRole('button', { name: 'Client Log In' }).click();
    await page.getByRole('menuitem', { name: 'VPV Market Login' }).click();
    await expect(dialog).toBeVisible();
  });

  test('a visit to the hash opens the panel on any page, and its Close button closes it', async ({ page }) => {
    await visit(page, '/lng-vs-cng#vpv-lease-login');
    const dialog = page.getByRole('dialog', { name: 'VPV Lease client log in' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/lng-vs-cng$/);
  });

  test('Contact us in the panel closes it and scrolls to the contact section on the home page', async ({ page }) => {
    await visit(page, '/sitemap#vpv-market-login');
    await page.getByRole('dialog').getByRole('link', { name: 'Contact us' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#contact')).toBeInViewport();
    await expect(page.locator('#contact')).toBeFocused();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the mobile menu links open the panel too', async ({ page }) => {
      await visit(page, '/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'VPV Lease Login' }).click();
      await expect(page.getByRole('dialog', { name: 'VPV Lease client log in' })).toBeVisible();
    });
  });
});

/**
 * A second server from the same build, started with MARKET_APP_URL set, to see the
 * configured sign-in page reach the header's rendered links.
 */
test.describe('Client Log In with MARKET_APP_URL configured', () => {
  // One worker owns the extra server, so two workers never race for its port.
  test.describe.configure({ mode: 'serial' });
  const port = Number(new URL(baseURL).port) + 50;
  const origin = `http://127.0.0.1:${port}`;
  // On loopback, so following it stays inside the no-third-party guard of the fixtures.
  const marketUrl = `${origin}/market-sign-in`;
  const dataDir = `tmp/e2e-data-${port}`;
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: origin,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        MARKET_APP_URL: marketUrl,
      },
      stdio: 'ignore',
    });
    await expect
      .poll(async () => (await fetch(`${origin}/readyz`).catch(() => null))?.status, { timeout: 30_000 })
      .toBe(200);
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
  });

  test('the market link goes to the sign-in page; the lease link still opens the panel', async ({ page }) => {
    await visit(page, `${origin}/`);
    await page.getByRole('button', { name: 'Client Log In' }).click();
    await expect(page.getByRole('menuitem', { name: 'VPV Market Login' })).toHaveAttribute('href', marketUrl);
    await expect(page.getByRole('menuitem', { name: 'VPV Lease Login' })).toHaveAttribute('href', '#vpv-lease-login');
  });

  test('an old bookmark of the market hash is sent on to the sign-in page', async ({ page }) => {
    await page.goto(`${origin}/leadership#vpv-market-login`);
    await expect(page).toHaveURL(marketUrl);
  });

  test('the mobile menu links to the sign-in page as well', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, `${origin}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: 'VPV Market Login' })).toHaveAttribute('href', marketUrl);
  });
});
