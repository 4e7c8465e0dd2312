import { site } from '@content/site';
import { expect, test, visit } from './fixtures';

test.describe('the header on desktop', () => {
  test('Services and Solutions scroll to their sections on the home page', async ({ page }) => {
    await visit(page, '/');
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Solutions' }).click();
    await expect(page.locator('#solutions')).toBeInViewport();
    await expect(page).toHaveURL(/\/$/);
    await main.getByRole('link', { name: 'Services' }).click();
    await expect(page.locator('#services')).toBeInViewport();
  });

  test('Contact Us from another page goes home and then scrolls to the contact section', async ({ page }) => {
    await visit(page, '/leadership');
    await page.getByRole('banner').getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#contact')).toBeInViewport();
    await expect(page.locator('#contact')).toBeFocused();
  });

  test('the Tools dropdown lists both platforms and closes on Escape and on an outside click', async ({ page }) => {
    await visit(page, '/');
    const trigger = page.getByRole('button', { name: 'Tools' });
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /VPV Market/ })).toHaveAttribute('href', '/vpv-market-sandbox');
    await expect(menu.getByRole('menuitem', { name: /VPV Lease/ })).toHaveAttribute('href', '/vpv-lease-sandbox');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.mouse.click(700, 600);
    await expect(page.getByRole('menu')).toBeHidden();
  });

  test('the dropdowns work from the keyboard alone', async ({ page }) => {
    await visit(page, '/');
    const trigger = page.getByRole('button', { name: 'Tools' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: /VPV Market/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: /VPV Lease/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/vpv-lease-sandbox$/);
  });

  test('Client Log In offers the two platform login links', async ({ page }) => {
    await visit(page, '/');
    await page.getByRole('button', { name: 'Client Log In' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'VPV Market Login' })).toHaveAttribute('href', '#vpv-market-login');
    await expect(menu.getByRole('menuitem', { name: 'VPV Lease Login' })).toHaveAttribute('href', '#vpv-lease-login');
  });

  test('Leadership and Knowledge Base are plain links', async ({ page }) => {
    await visit(page, '/');
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Leadership' }).click();
    await expect(page).toHaveURL(/\/leadership$/);
    await main.getByRole('link', { name: 'Knowledge Base' }).click();
    await expect(page).toHaveURL(/\/knowledge-base$/);
  });
});

test.describe('the mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows the same items with a Platforms group and closes on Escape and link clicks', async ({ page }) => {
    await visit(page, '/leadership');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(menu.getByText('Platforms')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'VPV Market', exact: true })).toHaveAttribute('href', '/vpv-market-sandbox');
    await expect(menu.getByRole('link', { name: 'VPV Lease', exact: true })).toHaveAttribute('href', '/vpv-lease-sandbox');
    for (const name of ['Services', 'Solutions', 'Leadership', 'Knowledge Base', 'VPV Market Login', 'VPV Lease Login', 'Contact Us']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByText('Tools', { exact: true })).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('closes on a click outside the header', async ({ page }) => {
    await visit(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await page.mouse.click(200, 800);
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });
});

test.describe('the footer', () => {
  test('has the services, tools, copyright and contact block', async ({ page }) => {
    await visit(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('© 2025')).toBeVisible();
    await expect(footer.getByText('Houston, Texas')).toBeVisible();
    // The facts come from content/site.ts, so replacing the sample values keeps this test true.
    await expect(footer.getByRole('link', { name: site.phone.display })).toHaveAttribute('href', `tel:${site.phone.tel}`);
    await expect(footer.getByRole('link', { name: site.email.sales })).toHaveAttribute('href', `mailto:${site.email.sales}`);
    await expect(footer.getByRole('link', { name: 'VPV Market' })).toHaveAttribute('href', '/vpv-market');
    await expect(footer.getByRole('link', { name: 'VPV Lease' })).toHaveAttribute('href', '/vpv-lease');
    await footer.getByRole('link', { name: 'Data Analytics' }).click();
    await expect(page.locator('#services')).toBeInViewport();
  });

  test('Privacy Policy opens a dialog that makes the privacy promises and closes', async ({ page }) => {
    await visit(page, '/');
    await page.getByRole('button', { name: 'Privacy Policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Privacy Policy' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('only the contact information you choose to submit');
    await expect(dialog).toContainText('never sold, rented or shared');
    await expect(dialog).toContainText('no cookies and no tracking');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    // Radix Dialog loads with the first open (decision 021); focus still goes back to the opener.
    await expect(page.getByRole('button', { name: 'Privacy Policy' })).toBeFocused();
  });

  test('Terms of Service opens a dialog that Escape closes', async ({ page }) => {
    await visit(page, '/');
    await page.getByRole('button', { name: 'Terms of Service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Terms of Service' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Terms of Service' })).toBeFocused();
    // Opens again, now that it has loaded.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
  });

  test('a page loads no Radix menu, dialog or toast code until one is used', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await visit(page, '/leadership');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((script) => /header-dropdown-menu|legal-document-dialog|toast-list|popper/.test(script))).toEqual([]);
    await page.getByRole('button', { name: 'Tools' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(scripts.some((script) => script.includes('header-dropdown-menu'))).toBe(true);
  });
});
