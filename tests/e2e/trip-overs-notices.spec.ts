import type { Page } from '@playwright/test';
import { e2eAdmin, loginAsAdmin } from './admin-helpers';
import { expect, test, visit } from './fixtures';

/** Issue 16, items 2, 5 and 6: what a visitor or an admin is told when a request fails. */

async function logInThroughTheForm(page: Page, password = e2eAdmin.password) {
  await page.getByRole('button', { name: 'Admin Login' }).click();
  const form = page.getByRole('form', { name: 'Admin login' });
  await form.getByLabel('Username').fill(e2eAdmin.username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log In' }).click();
  return form;
}

const notice = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

test.describe('failure notices say "{status}: {the server\'s words}" (SPEC §8)', () => {
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

test.describe('the admin check refreshes after login and logout (SPEC §4)', () => {
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
