import { type Page, request as playwrightRequest } from '@playwright/test';
import { e2eAdmin, loginAsAdmin } from './admin-helpers';
import { axeViolations, expect, test, visit } from './fixtures';

/** The admin's Activity log, and the edit conflict in the glossary form (docs/admin.md). */

const toast = (page: Page, title: string) => page.locator('li[data-variant]').filter({ hasText: title });
const termCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** Another admin, in a browser of their own: a request context with its own session. */
async function otherAdmin(baseURL: string) {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await context.post('/api/admin/login', { data: { username: e2eAdmin.username, password: e2eAdmin.password } });
  expect(login.status(), await login.text()).toBe(200);
  return context;
}

async function createTerm(page: Page, term: string) {
  const response = await page.request.post('/api/glossary', { data: { term, definition: 'The first definition.', category: 'lng' } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; version: number };
}

async function openEditor(page: Page, name: string) {
  await visit(page, `/knowledge-base?tab=glossary&search=${encodeURIComponent(name)}`);
  await termCard(page, name).getByRole('button', { name: `Edit ${name}` }).click();
  return page.getByRole('form', { name: 'Edit glossary term' });
}

test.describe('the activity log', () => {
  test('visitors get the login-required page, no-store and noindex', async ({ page }) => {
    const response = await page.goto('/admin/activity');
    expect(response?.status()).toBe(401);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin login required' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect((await page.request.get('/api/admin/activity.csv')).status()).toBe(401);
  });

  test('a stale glossary edit shows who saved first; Keep my changes, then Use their version', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    await loginAsAdmin(page);
    const name = `Conflict e2e ${Date.now()}`;
    const created = await createTerm(page, name);
    const other = await otherAdmin(baseURL ?? '');

    // I open the form; the other admin saves first.
    let form = await openEditor(page, name);
    const definition = form.getByLabel('Definition');
    await expect(definition).toHaveValue('The first definition.');
    const theirs = await other.put(`/api/glossary/${created.id}`, {
      data: { term: name, definition: 'Their definition.', category: 'lng' },
      headers: { 'If-Match': `"${created.version}"` },
    });
    expect(theirs.status(), await theirs.text()).toBe(200);

    await definition.fill('My definition.');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    const alert = form.getByRole('alert');
    await expect(alert).toContainText(`Changed by ${e2eAdmin.username} at`);
    await expect(alert).toContainText('after you opened it.');
    await expect(definition).toHaveValue('My definition.');
    await expect(form.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await expect(toast(page, 'Failed to update term')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // Keep my changes: what I typed stays, and the next save wins.
    await alert.getByRole('button', { name: 'Keep my changes' }).click();
    await expect(alert).toHaveCount(0);
    await expect(definition).toHaveValue('My definition.');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Term updated')).toBeVisible();
    await expect(termCard(page, name)).toContainText('My definition.');

    // Again, and this time Use their version: the form shows what they saved.
    const list = (await (await page.request.get('/api/glossary')).json()) as Array<{ id: number; version: number }>;
    const mine = list.find((term) => term.id === created.id);
    expect(mine).toBeDefined();
    form = await openEditor(page, name);
    const theirsAgain = await other.put(`/api/glossary/${created.id}`, {
      data: { term: name, definition: 'Their second definition.', category: 'storage' },
      headers: { 'If-Match': `"${mine?.version}"` },
    });
    expect(theirsAgain.status(), await theirsAgain.text()).toBe(200);
    await form.getByLabel('Definition').fill('Lost words.');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByRole('alert').getByRole('button', { name: 'Use their version' }).click();
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(form.getByLabel('Definition')).toHaveValue('Their second definition.');
    await expect(form.getByLabel('Category')).toHaveValue('storage');
    // The chosen button went away with the notice: focus is back on the first field.
    await expect(form.getByRole('textbox', { name: 'Term', exact: true })).toBeFocused();
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Term updated')).toBeVisible();
    await expect(termCard(page, name)).toContainText('Their second definition.');
    await other.dispose();
  });

  test('a stale document edit: Use their version fills the dialog with what they saved', async ({ page, baseURL }) => {
    await loginAsAdmin(page);
    const title = `Conflict e2e brochure ${Date.now()}`;
    const uploaded = await page.request.post('/api/documents/upload', {
      multipart: { file: { name: 'c.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }, title, category: 'spec-sheets' },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const document = (await uploaded.json()) as { id: number; version: number };
    const other = await otherAdmin(baseURL ?? '');

    await visit(page, '/knowledge-base?tab=spec-sheets');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Document' });
    await expect(dialog.getByLabel('Title')).toHaveValue(title);
    const theirs = await other.put(`/api/documents/${document.id}`, {
      data: { title: `${title} (theirs)`, description: 'Their description.', category: 'articles', carouselImages: [] },
    });
    expect(theirs.status(), await theirs.text()).toBe(200);

    await dialog.getByLabel('Description').fill('My description.');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText(`Changed by ${e2eAdmin.username} at`);
    await expect(dialog.getByLabel('Description')).toHaveValue('My description.');
    expect(await axeViolations(page)).toEqual([]);
    await alert.getByRole('button', { name: 'Use their version' }).click();
    await expect(dialog.getByLabel('Title')).toHaveValue(`${title} (theirs)`);
    await expect(dialog.getByLabel('Description')).toHaveValue('Their description.');
    await expect(dialog.getByLabel('Category')).toHaveValue('articles');
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Document updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await other.dispose();
  });

  test('lists the actions newest first, with filters, the changes and the CSV link', async ({ page }) => {
    test.setTimeout(60_000);
    await loginAsAdmin(page);
    const stamp = Date.now();
    const name = `Activity e2e ${stamp}`;
    const stranger = `nobody-${stamp}`;
    const created = await createTerm(page, name);
    const edited = await page.request.put(`/api/glossary/${created.id}`, {
      data: { term: name, definition: 'The second definition.', category: 'lng', synonyms: 'act' },
    });
    expect(edited.status()).toBe(200);
    expect((await page.request.delete(`/api/glossary/${created.id}`)).status()).toBe(204);
    // A failed login, by a name no admin has.
    const failed = await page.request.post('/api/admin/login', { data: { username: stranger, password: 'not-the-password' } });
    expect(failed.status()).toBe(401);
    await loginAsAdmin(page);

    await visit(page, '/knowledge-base');
    await page.getByRole('region', { name: 'Admin' }).getByRole('link', { name: 'Activity' }).click();
    await expect(page).toHaveURL(/\/admin\/activity$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    const rows = page.getByRole('list').filter({ has: page.getByRole('article') }).first().getByRole('listitem');
    const ofTerm = rows.filter({ hasText: name });
    await expect(ofTerm).toHaveCount(3);
    // Newest first: deleted, edited, added.
    await expect(ofTerm.nth(0)).toContainText('Deleted a term');
    await expect(ofTerm.nth(1)).toContainText('Edited a term');
    await expect(ofTerm.nth(2)).toContainText('Added a term');
    await expect(rows.filter({ hasText: stranger })).toContainText('Failed login');

    // The edit's changes: only the fields that differ, each before and after.
    const edit = ofTerm.nth(1);
    await edit.getByText('Changes').click();
    const changes = edit.locator('dl');
    // Definition and synonyms changed; the term and its category did not.
    for (const field of ['Definition', 'Synonyms']) await expect(changes.getByRole('term').filter({ hasText: new RegExp(`^${field}$`) })).toHaveCount(1);
    for (const field of ['Term', 'Category']) await expect(changes.getByRole('term').filter({ hasText: new RegExp(`^${field}$`) })).toHaveCount(0);
    await expect(changes).toContainText('Before: The first definition.');
    await expect(changes).toContainText('After: The second definition.');
    await expect(changes).toContainText('Before: (empty)');
    expect(await axeViolations(page)).toEqual([]);

    // Filter by kind: glossary only, in the URL, with the CSV link following.
    await page.getByLabel('Kind', { exact: true }).selectOption('glossary');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/kind=glossary/);
    await expect(rows.filter({ hasText: name })).toHaveCount(3);
    await expect(rows.filter({ hasText: stranger })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/activity.csv?kind=glossary');
    await expect(page.getByLabel('Kind', { exact: true })).toHaveValue('glossary');

    // Filter by admin: the stranger's failed login only.
    await page.getByLabel('Kind', { exact: true }).selectOption('');
    await page.getByLabel('Admin', { exact: true }).selectOption(stranger);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(new RegExp(`admin=${stranger}`));
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Failed login');
    const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(csvHref).toBe(`/api/admin/activity.csv?admin=${stranger}`);

    // The CSV itself: an attachment with the header row and the filter applied.
    const csv = await page.request.get(csvHref ?? '');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toMatch(/attachment; filename="?activity-\d{4}-\d{2}-\d{2}\.csv/);
    const text = await csv.text();
    // The byte-order mark first, as in the leads export, so spreadsheets read it as UTF-8.
    expect(text.split(/\r?\n/)[0]).toBe('\uFEFFid,at,admin,action,kind,entity id,summary,before,after');
    expect(text).toContain(stranger);
    expect(text).not.toContain(name);

    // Clear filters, and an admin filter that matches nothing says so.
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/admin\/activity$/);
    await visit(page, '/admin/activity?admin=no-such-admin-anywhere');
    await expect(page.getByText('No activity matches these filters.')).toBeVisible();
  });

  test('reads well at 390 px: no sideways scroll, axe clean', async ({ page }) => {
    await loginAsAdmin(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, '/admin/activity');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
