import { faqItems } from '@content/faq';
import { leaders as seedLeaders } from '@content/leaders';
import { PHONE_MISMATCH_MESSAGE } from '@domain/site-content/schemas';
import { LEADER_PHOTO_MAX_BYTES, LEADER_PHOTO_TOO_LARGE } from '@domain/site-content/photos';
import { SITE_CONTENT_CONFLICT_MESSAGE, type EditorState, type SiteContentData, type SiteContentKind } from '@domain/site-content/types';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { contentBaseURL as baseURL } from '../../playwright.config';
import { loginAsAdmin } from './admin-helpers';
import { expect, test, visit } from './fixtures';

/**
 * The site content editors (docs/staff-editing.md) against the real server: drafts stay
 * private, Publish reaches every page, History restores, a stale save is a conflict, bad input
 * saves nothing. Each test puts back what it published, so the other specs see the seed.
 */
test.describe.configure({ mode: 'serial' });

const api = '/api/admin/content';
const toast = (page: Page, title: string) => page.locator('li[data-variant]').filter({ hasText: title });
const jsonLd = async (page: Page) =>
  (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);

async function editorState<K extends SiteContentKind>(request: APIRequestContext, kind: K): Promise<EditorState<K>> {
  const response = await request.get(`${api}/${kind}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as EditorState<K>;
}

/** Publishes `data` again (when it differs) and drops any draft: the state the other specs expect. */
async function putBack<K extends SiteContentKind>(request: APIRequestContext, kind: K, data: SiteContentData[K]) {
  let state = await editorState(request, kind);
  if (state.draft !== null) {
    const response = await request.delete(`${api}/${kind}/draft`, { data: { revision: state.revision } });
    expect(response.status()).toBe(200);
    state = (await response.json()) as EditorState<K>;
  }
  if (JSON.stringify(state.published) !== JSON.stringify(data)) {
    const response = await request.post(`${api}/${kind}/publish`, { data: { revision: state.revision, data } });
    expect(response.status()).toBe(200);
  }
}

/** What each kind held when this file started: put back after each test. */
const original = new Map<SiteContentKind, unknown>();

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginAsAdmin(page);
  for (const kind of ['company', 'leaders', 'faq'] as const) original.set(kind, (await editorState(page.request, kind)).published);
  await context.close();
});

test.afterEach(async ({ page }) => {
  await loginAsAdmin(page);
  for (const kind of ['company', 'leaders', 'faq'] as const) {
    await putBack(page.request, kind, original.get(kind) as SiteContentData[typeof kind]);
  }
});

async function visitorPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

/** An editor page, logged in, hydrated. Leaving it with unsaved edits answers the browser's "leave?" with yes. */
async function openEditor(page: Page, kind: SiteContentKind) {
  page.on('dialog', (dialog) => void dialog.accept());
  await loginAsAdmin(page);
  await visit(page, `/admin/content/${kind}`);
}

test('visitors get the login-required page and the API refuses them', async ({ page }) => {
  for (const path of ['/admin/content', '/admin/content/company', '/admin/content/seo']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(401);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin login required' })).toBeVisible();
  }
  expect((await page.request.get(`${api}/company`)).status()).toBe(401);
});

test('the overview lists each kind, and Site content is in the admin pages', async ({ page }) => {
  await loginAsAdmin(page);
  await visit(page, '/admin/content');
  await expect(page.getByRole('heading', { level: 1, name: 'Site content' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Site content' })).toHaveAttribute('aria-current', 'page');
  const cards = page.getByRole('list', { name: 'Site content' }).getByRole('listitem');
  await expect(cards).toHaveCount(5);
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(['Company facts', 'Leaders', 'FAQ', 'Associations', 'Search titles and descriptions']);
  await page.getByRole('link', { name: 'Company facts' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/company$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Company facts' })).toBeVisible();
});

test('an admin changes the phone: the draft stays private, Publish shows it on every page and in the Organization JSON-LD', async ({ page, browser }) => {
  const before = original.get('company') as SiteContentData['company'];
  const next = { display: '1-888-555-0199', tel: '+18885550199' };
  await openEditor(page, 'company');
  await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue(before.phone.display);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(next.display);
  await page.getByLabel('Phone (tap to call)').fill(next.tel);
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Draft saved')).toBeVisible();
  await expect(page.getByText('Draft pending')).toBeVisible();
  await expect(page.getByText('You have unsaved changes.')).toBeHidden();

  // A visitor sees the published number, even when asking for the preview.
  const visitor = await visitorPage(browser);
  for (const path of ['/', '/?preview=drafts']) {
    await visit(visitor.page, path);
    const contact = visitor.page.locator('#contact');
    await expect(contact.getByRole('link', { name: before.phone.display })).toHaveAttribute('href', `tel:${before.phone.tel}`);
    await expect(visitor.page.getByText(next.display)).toHaveCount(0);
  }

  // The admin's preview shows the draft.
  const preview = page.getByRole('link', { name: /^Preview/ });
  await expect(preview).toHaveAttribute('target', '_blank');
  await expect(preview).toHaveAttribute('href', '/?preview=drafts#contact');
  const [previewPage] = await Promise.all([page.context().waitForEvent('page'), preview.click()]);
  await previewPage.waitForLoadState();
  await expect(previewPage.locator('#contact').getByRole('link', { name: next.display })).toHaveAttribute('href', `tel:${next.tel}`);
  await previewPage.close();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Published')).toBeVisible();
  await expect(page.getByText('No draft: the form shows what is published.')).toBeVisible();

  await visit(visitor.page, '/');
  await expect(visitor.page.locator('#contact').getByRole('link', { name: next.display })).toHaveAttribute('href', `tel:${next.tel}`);
  const organization = (await jsonLd(visitor.page)).find((block) => block['@type'] === 'Organization');
  expect(organization?.telephone).toBe(next.tel);
  await visit(visitor.page, '/leadership');
  const footer = visitor.page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: next.display })).toHaveAttribute('href', `tel:${next.tel}`);
  await expect(visitor.page.getByText(before.phone.display)).toHaveCount(0);
  await visitor.context.close();
});

test('an admin adds a fifth leader with a photo and publishes: /leadership shows five cards and the photo', async ({ page, browser }) => {
  expect(seedLeaders).toHaveLength(4);
  await openEditor(page, 'leaders');
  await page.getByRole('button', { name: 'Add leader' }).click();
  const row = page.getByRole('group', { name: /^Leader 5/ });
  await expect(row.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await row.getByRole('textbox', { name: 'Name', exact: true }).fill('Priya Natarajan');
  await row.getByRole('textbox', { name: 'Title', exact: true }).fill('Chief Technology Officer');
  await row.getByLabel('Biography').fill('Priya leads the engineering behind VPV Market and VPV Lease.');
  await row.getByLabel('Profile link').fill('https://www.linkedin.com/in/sample-priya-natarajan');
  await row.getByLabel('E-mail').fill('priya.natarajan@vpv-energy.example');

  // Too large: refused in the browser with the server's own words, nothing uploaded.
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/leader-photos')) uploads.push(request.url());
  });
  await row.getByLabel('Choose photo').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(LEADER_PHOTO_MAX_BYTES + 1) });
  await expect(row.getByText(LEADER_PHOTO_TOO_LARGE)).toBeVisible();
  expect(uploads).toEqual([]);

  // A landscape PNG comes back square.
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
  await row.getByLabel('Choose photo').setInputFiles({ name: 'priya.png', mimeType: 'image/png', buffer: png });
  await expect(toast(page, 'Photo uploaded')).toBeVisible();
  await expect(row.getByText(LEADER_PHOTO_TOO_LARGE)).toHaveCount(0);
  const photo = row.getByRole('img', { name: 'Photo of Priya Natarajan' });
  await expect(photo).toHaveAttribute('src', /^\/media\/leader-photos\/[0-9a-f-]{36}\/160\.webp$/);
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  const size = await photo.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
  expect(size[0]).toBe(size[1]);
  const photoSrc = await photo.getAttribute('src');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Published')).toBeVisible();

  const visitor = await visitorPage(browser);
  await visit(visitor.page, '/leadership');
  const cards = visitor.page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(5);
  await expect(cards.nth(4).getByRole('heading', { level: 2 })).toHaveText('Priya Natarajan');
  const cardPhoto = cards.nth(4).locator('img');
  await expect(cardPhoto).toHaveAttribute('src', photoSrc ?? '');
  await expect.poll(() => cardPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await expect(cards.nth(0).locator('img')).toHaveCount(0);
  await visitor.context.close();
});

test('Remove photo takes the photo off (the card shows initials again)', async ({ page }) => {
  const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#0f766e' } }).png().toBuffer();
  await openEditor(page, 'leaders');
  const row = page.getByRole('group', { name: /^Leader 1/ });
  await row.getByLabel('Choose photo').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
  await expect(row.getByRole('img')).toBeVisible();
  await row.getByRole('button', { name: /^Remove photo/ }).click();
  await expect(row.getByRole('img')).toHaveCount(0);
  await expect(row.getByText('No photo: the card shows the initials.')).toBeVisible();
  await expect(row.getByLabel('Choose photo')).toBeAttached();
});

test('a file that is not an image gets the server’s message under the photo', async ({ page }) => {
  await openEditor(page, 'leaders');
  const row = page.getByRole('group', { name: /^Leader 2/ });
  await row.getByLabel('Choose photo').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(row.getByText('The photo must be a JPEG, PNG, WebP or AVIF image.')).toBeVisible();
  await expect(row.getByRole('img')).toHaveCount(0);
});

test('an admin reorders the FAQ with Move up and publishes: the FAQ tab and its JSON-LD follow', async ({ page, browser }) => {
  const [first, second, third] = faqItems;
  if (!first || !second || !third) throw new Error('the FAQ seed has fewer than three questions');
  await openEditor(page, 'faq');
  const moveUp = page.getByRole('button', { name: `Move up: Question 3: ${third.question}` });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  // Focus follows the row to its new place.
  await expect(page.getByRole('button', { name: `Move up: Question 2: ${third.question}` })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: `${third.question} moved to position 2.` })).toBeAttached();
  await expect(page.getByRole('button', { name: `Move up: Question 1: ${first.question}` })).toBeDisabled();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Published')).toBeVisible();

  const visitor = await visitorPage(browser);
  await visit(visitor.page, '/knowledge-base?tab=faq');
  const questions = visitor.page.getByRole('tabpanel').getByRole('button');
  await expect(questions.nth(0)).toHaveText(first.question);
  await expect(questions.nth(1)).toHaveText(third.question);
  await expect(questions.nth(2)).toHaveText(second.question);
  const faqPage = (await jsonLd(visitor.page)).find((block) => block['@type'] === 'FAQPage') as { mainEntity: { name: string }[] } | undefined;
  expect(faqPage?.mainEntity.slice(0, 3).map((entry) => entry.name)).toEqual([first.question, third.question, second.question]);
  await visitor.context.close();
});

test('an admin restores an earlier FAQ version from History: the change goes back as a new version', async ({ page, browser }) => {
  await loginAsAdmin(page);
  // Someone published a changed answer.
  const state = await editorState(page.request, 'faq');
  const [first, ...rest] = state.published;
  if (!first) throw new Error('the FAQ is empty');
  const changedAnswer = 'A virtual pipeline moves gas by road. (Answer changed for the restore test.)';
  const published = await page.request.post(`${api}/faq/publish`, {
    data: { revision: state.revision, data: [{ ...first, answer: changedAnswer }, ...rest] },
  });
  expect(published.status()).toBe(200);
  const changedVersion = ((await published.json()) as EditorState<'faq'>).publishedVersion;
  const earlier = changedVersion - 1;

  await openEditor(page, 'faq');
  await expect(page.getByRole('group', { name: /^Question 1/ }).getByLabel('Answer')).toHaveValue(changedAnswer);
  await page.getByRole('button', { name: 'Show history' }).click();
  const history = page.getByRole('list', { name: 'History' });
  const latest = history.getByRole('article', { name: new RegExp(`^Version ${changedVersion}`) });
  await expect(latest).toContainText('Live now');
  await expect(latest).toContainText(`FAQ "${first.question}": answer`);
  await expect(latest).toContainText(changedAnswer);
  await expect(latest.getByRole('button', { name: /^Restore/ })).toHaveCount(0);

  await history.getByRole('button', { name: `Restore version ${earlier}` }).click();
  const dialog = page.getByRole('dialog', { name: `Restore version ${earlier}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Restore and publish' }).click();
  await expect(toast(page, 'Version restored')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('group', { name: /^Question 1/ }).getByLabel('Answer')).toHaveValue(first.answer);

  const restored = history.getByRole('article', { name: new RegExp(`^Version ${changedVersion + 1}`) });
  await expect(restored).toContainText('Live now');
  await expect(restored).toContainText(`Restored from version ${earlier}.`);
  await expect(history.getByRole('listitem')).not.toHaveCount(0);
  expect((await editorState(page.request, 'faq')).publishedVersion).toBe(changedVersion + 1);

  const visitor = await visitorPage(browser);
  await visit(visitor.page, '/knowledge-base?tab=faq');
  await visitor.page.getByRole('button', { name: first.question }).click();
  await expect(visitor.page.getByRole('tabpanel')).toContainText(first.answer);
  await expect(visitor.page.getByText(changedAnswer)).toHaveCount(0);
  await visitor.context.close();
});

test('two admins edit the FAQ at once: the later save gets the conflict message and overwrites nothing', async ({ page, browser }) => {
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await openEditor(page, 'faq');
  await openEditor(otherPage, 'faq');
  const question = (target: Page) => target.getByRole('group', { name: /^Question 1/ }).getByRole('textbox', { name: 'Question', exact: true });

  await question(page).fill('What is a virtual pipeline, in short?');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Draft saved')).toBeVisible();

  await question(otherPage).fill('What does a virtual pipeline do?');
  await otherPage.getByRole('button', { name: 'Save draft' }).click();
  const notice = otherPage.getByRole('alert').filter({ hasText: SITE_CONTENT_CONFLICT_MESSAGE });
  await expect(notice).toBeVisible();
  await expect(otherPage.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  await expect(otherPage.getByRole('button', { name: 'Publish' })).toBeDisabled();
  // Nothing typed is lost, nothing of theirs is overwritten.
  await expect(question(otherPage)).toHaveValue('What does a virtual pipeline do?');
  const stored = await editorState(page.request, 'faq');
  expect(stored.draft?.[0]?.question).toBe('What is a virtual pipeline, in short?');

  await notice.getByRole('button', { name: 'Use their version' }).click();
  await expect(notice).toBeHidden();
  await expect(question(otherPage)).toHaveValue('What is a virtual pipeline, in short?');
  await expect(otherPage.getByText('You have unsaved changes.')).toBeHidden();
  await other.close();
});

test('Keep my changes after a conflict: the next save replaces their draft', async ({ page, browser }) => {
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await openEditor(page, 'faq');
  await openEditor(otherPage, 'faq');
  const question = (target: Page) => target.getByRole('group', { name: /^Question 1/ }).getByRole('textbox', { name: 'Question', exact: true });

  await question(page).fill('First admin’s question?');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Draft saved')).toBeVisible();
  await question(otherPage).fill('Second admin’s question?');
  await otherPage.getByRole('button', { name: 'Publish' }).click();
  const notice = otherPage.getByRole('alert').filter({ hasText: SITE_CONTENT_CONFLICT_MESSAGE });
  await notice.getByRole('button', { name: 'Keep my changes' }).click();
  await expect(notice).toBeHidden();
  await otherPage.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(otherPage, 'Draft saved')).toBeVisible();
  expect((await editorState(page.request, 'faq')).draft?.[0]?.question).toBe('Second admin’s question?');
  await other.close();
});

test('Discard draft asks first, then the form shows what is published', async ({ page }) => {
  await openEditor(page, 'faq');
  const question = page.getByRole('group', { name: /^Question 1/ }).getByRole('textbox', { name: 'Question', exact: true });
  const published = await question.inputValue();
  await question.fill('A draft question?');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Draft saved')).toBeVisible();
  await page.getByRole('button', { name: 'Discard draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard the draft?' });
  await dialog.getByRole('button', { name: 'Discard draft' }).click();
  await expect(toast(page, 'Draft discarded')).toBeVisible();
  await expect(question).toHaveValue(published);
  await expect(page.getByRole('button', { name: 'Discard draft' })).toHaveCount(0);
  expect((await editorState(page.request, 'faq')).draft).toBeNull();
});

test('leaving with unsaved changes asks first', async ({ page }) => {
  await openEditor(page, 'associations');
  await page.getByRole('group', { name: /^Association 1/ }).getByLabel('Name').fill('Renamed association');
  await page.getByRole('link', { name: 'All site content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/associations$/);
  await page.getByRole('link', { name: 'All site content' }).click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/admin\/content$/);
});

test('bad input: phone forms that differ and an http:// profile link get field messages, and nothing is saved', async ({ page }) => {
  await openEditor(page, 'company');
  const before = await editorState(page.request, 'company');
  await page.getByLabel('Phone (tap to call)').fill('+18885550199');
  await page.getByLabel('Sales e-mail').fill('sales at example');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Check the highlighted fields')).toBeVisible();
  const tel = page.getByLabel('Phone (tap to call)');
  await expect(tel).toHaveAttribute('aria-invalid', 'true');
  await expect(tel).toHaveAccessibleDescription(new RegExp(escape(PHONE_MISMATCH_MESSAGE)));
  await expect(page.getByLabel('Sales e-mail')).toHaveAttribute('aria-invalid', 'true');
  // The summary takes focus and links to each field.
  const summary = page.getByText('Nothing was saved. Please correct these fields:').locator('..');
  await expect(summary).toBeFocused();
  await summary.getByRole('link', { name: PHONE_MISMATCH_MESSAGE }).click();
  await expect(tel).toBeFocused();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Check the highlighted fields')).toBeVisible();
  const after = await editorState(page.request, 'company');
  expect(after.revision).toBe(before.revision);
  expect(after.draft).toBeNull();

  await visit(page, '/admin/content/leaders');
  const row = page.getByRole('group', { name: /^Leader 1/ });
  await row.getByLabel('Profile link').fill('http://www.linkedin.com/in/sample-daniel-whitaker');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(row.getByLabel('Profile link')).toHaveAttribute('aria-invalid', 'true');
  await expect(row.getByLabel('Profile link')).toHaveAccessibleDescription(/https/);
  const leaders = await editorState(page.request, 'leaders');
  expect(leaders.draft).toBeNull();
  expect(leaders.published[0]?.profileUrl).toBe(seedLeaders[0]?.linkedin);
});

test('the server’s own refusal (a photo it does not know) shows under that leader’s photo, by its dotted path', async ({ page }) => {
  await openEditor(page, 'leaders');
  const before = await editorState(page.request, 'leaders');
  // Only the server knows which photos exist: name one it never stored.
  await page.route('**/api/admin/content/leaders/draft', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { revision: number; data: SiteContentData['leaders'] };
    const second = body.data[1];
    if (second) second.photo = { id: randomUUID() };
    await route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByRole('group', { name: /^Leader 2/ }).getByRole('textbox', { name: 'Title', exact: true }).fill('Chief Commercial Officer, Americas');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Failed to save the draft')).toBeVisible();
  const row = page.getByRole('group', { name: /^Leader 2/ });
  await expect(row.getByText('Photo is not a known photo. Upload it again.')).toBeVisible();
  await expect(row.getByLabel('Choose photo')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('group', { name: /^Leader 1/ }).getByText('Photo is not a known photo.')).toHaveCount(0);
  expect((await editorState(page.request, 'leaders')).revision).toBe(before.revision);
});

test('the search titles editor counts characters, previews the result and refuses a 10,000-character title', async ({ page }) => {
  await openEditor(page, 'seo');
  const group = page.getByRole('group', { name: 'Leadership (/leadership)' });
  const title = group.getByLabel('Search title');
  await title.fill('Our leaders');
  await expect(title).toHaveAccessibleDescription('11 characters; up to 60 advised, 120 at most.');
  await expect(group.getByRole('figure', { name: 'How a search result may show it' })).toContainText('Our leaders');
  await title.fill('x'.repeat(70));
  await expect(title).toHaveAccessibleDescription(/70 characters.*may be cut/);
  await title.fill('x'.repeat(10_000));
  await expect(title).toHaveAccessibleDescription(/10000 characters.*Too long/);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription(/at most 120 characters/);
  expect((await editorState(page.request, 'seo')).draft).toBeNull();
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
