import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { e2eDataDir } from '../../playwright.config';
import { axeViolations, expect, test, visit } from './fixtures';

/**
 * Roles in the browser (docs/admin.md, "Roles"): the admin bar, the knowledge base's controls
 * and the admin pages show each role only what it may use, and a page a role cannot open
 * says so. The Sales and Editor logins are made with `npm run admin -- create … --role`,
 * on the e2e server's own database.
 */

const sales = { username: 'e2e-sales', password: 'e2e sales password 1' };
const editor = { username: 'e2e-editor', password: 'e2e editor password 1' };
const root = path.resolve(import.meta.dirname, '..', '..');

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => name !== 'DATABASE_URL'));
}

function createLogin(account: { username: string; password: string }, role: string): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'create', account.username, '--role', role], {
    cwd: root,
    input: `${account.password}\n`,
    encoding: 'utf8',
    // The e2e server's embedded database: its DATA_DIR, and no DATABASE_URL from the shell.
    env: { ...withoutDatabaseUrl(process.env), DATA_DIR: e2eDataDir, NODE_ENV: 'test' },
  });
  // Another worker may have made it already, or be making it at the same moment (then the
  // CLI's check passes in both and the second insert meets the unique username).
  const madeElsewhere = /already exists|UNIQUE|unique/.test(result.stderr);
  if (result.status !== 0 && !madeElsewhere) throw new Error(`npm run admin failed: ${result.stderr}`);
}

async function loginAs(page: Page, account: { username: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/admin/login', { data: account });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
}

const adminBar = (page: Page) => page.getByRole('region', { name: 'Admin' });

test.describe('roles', () => {
  test.beforeAll(() => {
    createLogin(sales, 'sales');
    createLogin(editor, 'editor');
  });

  test('a Sales login sees the inbox and not the site content controls', async ({ page }) => {
    await loginAs(page, sales);
    await visit(page, '/knowledge-base');
    const bar = adminBar(page);
    await expect(bar).toContainText(`Logged in as ${sales.username}`);
    await expect(bar).toContainText('Sales');
    await expect(bar.getByRole('link', { name: 'Leads inbox' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Trash' })).toBeVisible();
    for (const hidden of ['Site content', 'Webhooks', 'Activity']) await expect(bar.getByRole('link', { name: hidden })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Upload Document' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Term' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'All Documents' })).toHaveCount(0);

    const inbox = await visit(page, '/admin/leads');
    expect(inbox?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Leads inbox' })).toBeVisible();

    const content = await visit(page, '/admin/content');
    expect(content?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'Not available to your role' })).toBeVisible();
    await expect(page.getByText('Your role (Sales) cannot change site content.')).toBeVisible();
    // The way on: the pages Sales may open.
    await expect(page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Leads inbox' })).toBeVisible();
  });

  test('an Editor sees site content and not the leads', async ({ page }) => {
    await loginAs(page, editor);
    await visit(page, '/knowledge-base');
    const bar = adminBar(page);
    await expect(bar).toContainText('Editor');
    await expect(bar.getByRole('link', { name: 'Site content' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload Document' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Term' })).toBeVisible();
    for (const hidden of ['Leads inbox', 'Webhooks', 'Activity']) await expect(bar.getByRole('link', { name: hidden })).toHaveCount(0);

    const content = await visit(page, '/admin/content');
    expect(content?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Site content' })).toBeVisible();

    const leads = await visit(page, '/admin/leads');
    expect(leads?.status()).toBe(403);
    await expect(page.getByText('Your role (Editor) cannot read leads.')).toBeVisible();
  });

  for (const width of [390, 1440]) {
    test(`the page a role cannot open is axe clean at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await loginAs(page, sales);
      await visit(page, '/admin/webhooks');
      await expect(page.getByText('Your role (Sales) cannot manage webhooks.')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
