import type { Page } from '@playwright/test';
import { e2eAdmin, loginAsAdmin } from './admin-helpers';
import { expect, test, toastWith, visit } from './fixtures';

/** Issue 16, items 2, 5 and 6: what a visitor or an admin is told when a request fails. */

async function logInThroughTheForm(page: Page, password = e2eAdmin.password) {
  await page.getByRole('button', { name: 'Admin Login' }).click();
  const form = page.getByRole('form', { name: 'Admin login' });
  await form.getByLabel('Username').fill(e2eAdmin.username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log In' }).click();
  return form;
}

const notice = toastWith;

test.describe('failure notices say "{status}: {the server\'s words}" (docs/api.md)', () => {
  test('a wrong password: Login failed, 401: Invalid username or password', async ({ page }) => {
    await visit(page, '/knowledge-base');
    await logInThroughTheForm(page, 'not the password at all');
    await expect(notice(page, 'Login failed')).toContainText('401: Invalid username or password');
  });

  test('a glossary term the server refuses (a name already taken): Failed to add term, 409 and its message', async ({ page }) => {
    await loginAsAdmin(page);
    await visit(page, '/knowledge-base');
    await page.getByRole('button', { name: 'Add Term' }).click();
    const form = page.getByRole('form', { name: 'Add a glossary term' });
    await form.getByRole('textbox', { name: 'Term', exact: true }).fill('Liquefied natural gas');
    await form.getByRole('textbox', { name: 'Definition' }).fill('A second definition of a term that already exists.');
    await form.getByRole('button', { name: 'Add Term' }).click();
    await expect(notice(page, 'Failed to add term')).toContainText('409: A term named "Liquefied natural gas" already exists.');
    await expect(form).toBeVisible();
  });

  test('a logout the server fails: Logout failed with the status', async ({ page }) => {
    await loginAsAdmin(page);
    await visit(page, '/knowledge-base');
    await page.route('**/api/admin/logout', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Down for maintenance' }));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(notice(page, 'Logout failed')).toContainText('Logout failed: 503: Down for maintenance');
  });
});

test.describe('the admin check refreshes after login and logout', () => {
  test('after a login and after a logout the page asks GET /api/admin/check', async ({ page }) => {
    await visit(page, '/knowledge-base');
    const checks: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/check') checks.push(request.method());
    });
    const afterLogin = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/check');
    await logInThroughTheForm(page);
    expect((await (await afterLogin).json()) as unknown).toEqual({ isAuthenticated: true, username: e2eAdmin.username });
    await expect(page.getByRole('region', { name: 'Admin' })).toBeVisible();

    const afterLogout = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/check');
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await (await afterLogout).json()) as unknown).toEqual({ isAuthenticated: false, username: null });
    await expect(page.getByRole('button', { name: 'Admin Login' })).toBeVisible();
    expect(checks).toEqual(['GET', 'GET']);
  });

  test('a check that fails after login shows Failed to check admin status', async ({ page }) => {
    await visit(page, '/knowledge-base');
    await page.route('**/api/admin/check', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Database unavailable' }));
    await logInThroughTheForm(page);
    await expect(notice(page, 'Failed to check admin status')).toContainText('500: Database unavailable');
    // The login itself stands: the banner comes from the page's loader.
    await expect(page.getByRole('region', { name: 'Admin' })).toBeVisible();
  });

  test('a check that gets no answer after logout shows Failed to check admin status', async ({ page }) => {
    await loginAsAdmin(page);
    await visit(page, '/knowledge-base');
    await page.route('**/api/admin/check', (route) => route.abort());
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(notice(page, 'Failed to check admin status')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin Login' })).toBeVisible();
  });
});

/** The browser's data request of a navigation (React Router's single fetch: /path.data?...). */
const dataRequest = (url: URL) => url.pathname.endsWith('.data');

test.describe('a network blip keeps the knowledge base (issue 16 item 2)', () => {
  test('a tab change whose data request fails shows Failed to fetch documents, and Try again loads the tab', async ({ page }) => {
    await visit(page, '/knowledge-base');
    await page.route(dataRequest, (route) => route.abort('internetdisconnected'));
    await page.getByRole('tab', { name: 'Articles' }).click();

    await expect(notice(page, 'Failed to fetch documents')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Articles' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel).toContainText('The documents could not be loaded.');
    await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);

    // Still offline: Try again says so again and keeps the page.
    await panel.getByRole('button', { name: 'Try again' }).click();
    await expect(panel.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(panel).toContainText('The documents could not be loaded.');

    await page.unroute(dataRequest);
    await panel.getByRole('button', { name: 'Try again' }).click();
    await expect(panel.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(panel.getByText('The documents could not be loaded.')).toHaveCount(0);
    await expect(panel.getByRole('heading', { level: 2 })).toBeVisible();
  });

  test('a glossary search whose data request fails shows Failed to fetch glossary terms, and Try again searches', async ({ page }) => {
    await visit(page, '/knowledge-base');
    await page.route(dataRequest, (route) => route.abort('internetdisconnected'));
    const search = page.getByRole('searchbox', { name: 'Search terms' });
    await search.fill('boil-off');
    await search.press('Enter');

    await expect(notice(page, 'Failed to fetch glossary terms')).toBeVisible();
    const panel = page.getByRole('tabpanel');
    await expect(panel).toContainText('The glossary could not be loaded.');
    await expect(search).toHaveValue('boil-off');
    await expect(page).toHaveURL(/search=boil-off/);
    await expect(page.getByText('Something went wrong')).toHaveCount(0);

    await page.unroute(dataRequest);
    await panel.getByRole('button', { name: 'Try again' }).click();
    await expect(panel.getByRole('heading', { name: 'Boil-off gas' })).toBeVisible();
    await expect(panel.getByText('The glossary could not be loaded.')).toHaveCount(0);
  });

  test("the error page keeps the site's header, footer and font, and offers Try again", async ({ page }) => {
    await visit(page, '/knowledge-base');
    await page.route(dataRequest, (route) => route.abort('internetdisconnected'));
    // Another page's data: the root error boundary answers.
    await page.getByRole('banner').getByRole('link', { name: 'Leadership' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const fonts = await page.getByRole('heading', { level: 1 }).evaluate((heading) => ({
      heading: getComputedStyle(heading).fontFamily,
      body: getComputedStyle(document.body).fontFamily,
      inter: document.fonts.check('700 30px "Inter Variable"'),
    }));
    expect(fonts.heading).toBe(fonts.body);
    expect(fonts.heading).toMatch(/^"?Inter Variable"?,/);
    expect(fonts.inter).toBe(true);

    await page.unroute(dataRequest);
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Leadership Team' })).toBeVisible();
  });
});
