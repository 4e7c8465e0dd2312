import type { Page } from '@playwright/test';
import { loginAsAdmin } from './admin-helpers';
import { axeViolations, expect, test, visit } from './fixtures';

/** The admin's Trash, Undo on the delete toasts and the inbox's Delete (docs/admin.md). */

/**
 * A toast by its title. Not by role: while a modal dialog is open Radix hides the rest of the
 * page (toasts included) from the accessibility tree.
 */
const toast = (page: Page, title: string) => page.locator('li[data-variant]').filter({ hasText: title });
const docCard = (page: Page, title: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const termCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
/** A row of the trash, by its item's title (the row header). */
const trashRow = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });

const pdf = Buffer.from('%PDF-1.4\n% trash e2e\n%%EOF\n');

async function createDocument(page: Page, title: string): Promise<number> {
  const response = await page.request.post('/api/documents/upload', {
    multipart: { file: { name: 'trash.pdf', mimeType: 'application/pdf', buffer: pdf }, title, category: 'spec-sheets' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function createTerm(page: Page, term: string): Promise<number> {
  const response = await page.request.post('/api/glossary', { data: { term, definition: `${term}: made by the trash test.`, category: 'storage' } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test.describe('the trash', () => {
  test('visitors get the login-required page, no-store and noindex', async ({ page }) => {
    const response = await page.goto('/admin/trash');
    expect(response?.status()).toBe(401);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin login required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the admin login' })).toHaveAttribute('href', '/knowledge-base');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    // And the API behind it refuses too.
    expect((await page.request.get('/api/admin/trash')).status()).toBe(401);
  });

  test('a deleted document and term wait in the trash; Undo, Restore and Delete forever', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await loginAsAdmin(page);
    const stamp = Date.now();
    const docTitle = `Trash e2e brochure ${stamp}`;
    const termName = `Trash e2e term ${stamp}`;
    const docId = await createDocument(page, docTitle);
    await createTerm(page, termName);

    // Delete the document; Undo on the toast brings it back.
    await visit(page, '/knowledge-base?tab=spec-sheets');
    await docCard(page, docTitle).getByRole('button', { name: `Delete ${docTitle}` }).click();
    const confirmDoc = page.getByRole('dialog', { name: 'Delete this document?' });
    await expect(confirmDoc).toContainText('moved to the Trash');
    await confirmDoc.getByRole('button', { name: 'Delete Document' }).click();
    const deleted = toast(page, 'Document deleted');
    await expect(deleted).toBeVisible();
    await expect(docCard(page, docTitle)).toHaveCount(0);
    expect((await page.request.get(`/api/documents/download/${docId}`)).status()).toBe(404);
    await deleted.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Document restored')).toContainText(docTitle);
    await expect(docCard(page, docTitle)).toBeVisible();
    expect((await page.request.get(`/api/documents/download/${docId}`)).status()).toBe(200);

    // Delete it again, and the term, without Undo.
    await docCard(page, docTitle).getByRole('button', { name: `Delete ${docTitle}` }).click();
    await confirmDoc.getByRole('button', { name: 'Delete Document' }).click();
    await expect(toast(page, 'Document deleted')).toBeVisible();
    await expect(docCard(page, docTitle)).toHaveCount(0);
    await visit(page, `/knowledge-base?tab=glossary&search=${encodeURIComponent(termName)}`);
    await termCard(page, termName).getByRole('button', { name: `Delete ${termName}` }).click();
    await page.getByRole('dialog', { name: 'Delete this term?' }).getByRole('button', { name: 'Delete Term' }).click();
    await expect(toast(page, 'Term deleted')).toBeVisible();
    await expect(toast(page, 'Term deleted').getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(termCard(page, termName)).toHaveCount(0);

    // Both are in the trash, with who deleted them; the admin bar led here.
    await visit(page, '/knowledge-base');
    await page.getByRole('region', { name: 'Admin' }).getByRole('link', { name: 'Trash' }).click();
    await expect(page).toHaveURL(/\/admin\/trash$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Trash' })).toHaveAttribute('aria-current', 'page');
    await expect(trashRow(page, docTitle)).toContainText('Document');
    await expect(trashRow(page, docTitle)).toContainText('by e2e-admin');
    await expect(trashRow(page, termName)).toContainText('Glossary term');
    expect(await axeViolations(page)).toEqual([]);

    // The kind filter.
    await page.getByRole('navigation', { name: 'Filter by kind' }).getByRole('link', { name: 'Glossary terms' }).click();
    await expect(page).toHaveURL(/\?kind=glossary$/);
    await expect(trashRow(page, termName)).toBeVisible();
    await expect(trashRow(page, docTitle)).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Filter by kind' }).getByRole('link', { name: 'Documents' }).click();
    await expect(trashRow(page, docTitle)).toBeVisible();
    await expect(trashRow(page, termName)).toHaveCount(0);

    // Restore the document: visitors have it again, byte for byte.
    await trashRow(page, docTitle).getByRole('button', { name: `Restore: ${docTitle}` }).click();
    await expect(toast(page, 'Document restored')).toContainText(docTitle);
    await expect(trashRow(page, docTitle)).toHaveCount(0);
    const visitor = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const download = await visitor.request.get(`/api/documents/download/${docId}`);
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body()).equals(pdf)).toBe(true);
    await visitor.close();

    // Delete the term forever: Cancel first keeps it; then it is gone for good.
    await visit(page, '/admin/trash?kind=glossary');
    await trashRow(page, termName).getByRole('button', { name: `Delete forever: ${termName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete forever?' });
    await expect(confirm).toContainText(termName);
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(trashRow(page, termName)).toBeVisible();
    await trashRow(page, termName).getByRole('button', { name: `Delete forever: ${termName}` }).click();
    await confirm.getByRole('button', { name: 'Delete forever' }).click();
    await expect(toast(page, 'Deleted forever')).toContainText(termName);
    await expect(trashRow(page, termName)).toHaveCount(0);
    const trash = (await (await page.request.get('/api/admin/trash?kind=glossary&pageSize=100')).json()) as { items: Array<{ title: string }> };
    expect(trash.items.map((item) => item.title)).not.toContain(termName);
  });

  test('restoring a term whose name is taken again says so, and keeps it in the trash', async ({ page }) => {
    await loginAsAdmin(page);
    const name = `Trash e2e twin ${Date.now()}`;
    const first = await createTerm(page, name);
    expect((await page.request.delete(`/api/glossary/${first}`)).status()).toBe(204);
    await createTerm(page, name);

    await visit(page, '/admin/trash?kind=glossary');
    await trashRow(page, name).getByRole('button', { name: `Restore: ${name}` }).click();
    const failure = toast(page, 'Restore failed');
    await expect(failure).toContainText(`409: A term named "${name}" exists again.`);
    await expect(failure).toHaveAttribute('data-variant', 'destructive');
    await expect(trashRow(page, name)).toBeVisible();
  });

  test('an item already gone from the trash gets the server’s 404 in the toast', async ({ page }) => {
    await loginAsAdmin(page);
    const name = `Trash e2e gone ${Date.now()}`;
    const id = await createTerm(page, name);
    expect((await page.request.delete(`/api/glossary/${id}`)).status()).toBe(204);
    await visit(page, '/admin/trash?kind=glossary');
    // Another admin deletes it forever meanwhile.
    expect((await page.request.delete(`/api/admin/trash/glossary/${id}`)).status()).toBe(204);
    await trashRow(page, name).getByRole('button', { name: `Restore: ${name}` }).click();
    await expect(toast(page, 'Restore failed')).toContainText('404: Not in the trash.');
  });

  test('the inbox deletes a lead, and Undo brings it back', async ({ page }) => {
    await loginAsAdmin(page);
    const marker = `Trash e2e lead ${Date.now()}`;
    const created = await page.request.post('/api/contact', {
      data: { firstName: 'Trash', lastName: marker, company: 'E2E Gas', email: 'trash@example.com', message: 'Please delete me.' },
    });
    expect(created.status()).toBe(201);

    await visit(page, '/admin/leads');
    const card = page.getByRole('article', { name: new RegExp(marker) });
    await card.getByRole('button', { name: `Delete: Trash ${marker}` }).click();
    const deleted = toast(page, 'Lead deleted');
    await expect(deleted).toContainText(`Trash ${marker}`);
    await expect(card).toHaveCount(0);
    await deleted.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Lead restored')).toBeVisible();
    await expect(card).toBeVisible();

    // Deleted again, it waits in the trash as "First Last (Company)".
    await card.getByRole('button', { name: `Delete: Trash ${marker}` }).click();
    await expect(card).toHaveCount(0);
    await visit(page, '/admin/trash?kind=contact');
    await expect(trashRow(page, `Trash ${marker} (E2E Gas)`)).toContainText('Contact message');
  });

  test('an empty filter says so, at 390 px too, and axe is clean', async ({ page }) => {
    await loginAsAdmin(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, '/admin/trash?kind=demo');
    await expect(page.getByText('Nothing of this kind in the trash.')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
