import { e2eAdmin } from './admin-helpers';
import { axeViolations, expect, test, toastWith, visit } from './fixtures';

test.describe('admin login on the knowledge base', () => {
  test('Admin Login reveals the form, and Cancel hides it', async ({ page }) => {
    await visit(page, '/knowledge-base');
    await page.getByRole('button', { name: 'Admin Login' }).click();
    const form = page.getByRole('form', { name: 'Admin login' });
    await expect(form.getByLabel('Username')).toBeVisible();
    await expect(form.getByLabel('Password')).toHaveAttribute('type', 'password');
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('button', { name: 'Admin Login' })).toBeVisible();
  });

  test('a wrong password shows Login failed with the server message and sets no cookie', async ({ page, context }) => {
    await visit(page, '/knowledge-base');
    await page.getByRole('button', { name: 'Admin Login' }).click();
    const form = page.getByRole('form', { name: 'Admin login' });
    await form.getByLabel('Username').fill(e2eAdmin.username);
    await form.getByLabel('Password').fill('definitely the wrong password');
    await form.getByRole('button', { name: 'Log In' }).click();
    const toast = toastWith(page, 'Login failed');
    await expect(toast).toContainText('Invalid username or password');
    await expect(form).toBeVisible();
    expect(await context.cookies()).toEqual([]);
  });

  test('logging in shows the welcome toast, the banner and All Documents; logging out reverses it', async ({ page, context }) => {
    await visit(page, '/knowledge-base');
    await expect(page.getByRole('tab', { name: 'All Documents' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Admin Login' }).click();
    const form = page.getByRole('form', { name: 'Admin login' });
    await form.getByLabel('Username').fill(e2eAdmin.username);
    await form.getByLabel('Password').fill(e2eAdmin.password);
    await form.getByRole('button', { name: 'Log In' }).click();

    await expect(toastWith(page, 'Login successful')).toContainText(`Welcome, ${e2eAdmin.username}!`);
    const banner = page.getByRole('region', { name: 'Admin' });
    await expect(banner).toContainText(`Logged in as ${e2eAdmin.username}`);
    await expect(page.getByRole('tab', { name: 'All Documents' })).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ name: 'vpv_admin', httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await axeViolations(page)).toEqual([]);

    // The session survives a reload (server-rendered as the admin) and the page is not cacheable.
    const reload = await page.reload();
    expect(reload?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('region', { name: 'Admin' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(toastWith(page, 'Logged out')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin Login' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All Documents' })).toHaveCount(0);
    expect(await context.cookies()).toEqual([]);
  });
});
