import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pages } from '../../content/pages.ts';
import { site } from '../../content/site.ts';
import { FAQ_LIMITS } from '../../domain/site-content/schemas.ts';
import { LEADER_PHOTO_MAX_BYTES, LEADER_PHOTO_NOT_AN_IMAGE, LEADER_PHOTO_TOO_LARGE } from '../../domain/site-content/photos.ts';
import type {
  CompanyFacts,
  ContentVersionDetail,
  ContentVersionSummary,
  EditorState,
  FaqEntry,
  Leader,
  SiteContentKind,
  SiteContentSummary,
} from '../../domain/site-content/types.ts';
import { SITE_CONTENT_CONFLICT_MESSAGE, SITE_CONTENT_KINDS } from '../../domain/site-content/types.ts';
import { seedSiteContent } from '../../server/services/site-content/seed.ts';
import { testDialects } from '../helpers/databases.ts';
import { expectInvalidInput } from '../helpers/invalid-input.ts';
import { type TestS3, startTestS3 } from '../helpers/s3.ts';
import { type SecondTestServer, type TestServer, startSecondServer, startTestServer } from '../helpers/server.ts';

/**
 * Editable site content (docs/site-content.md) through the real API, on each database: drafts
 * beside the published copy, publish, versions and restore, conflicts, refused input that
 * leaves nothing behind, leader photos made with sharp, and a second process on the same
 * database that serves a publish within a second.
 */

const admin = { username: 'content-admin', password: 'site content admin password' };

describe.each(testDialects)('site content API on %s', (dialect) => {
  let server: TestServer;
  let cookie = '';

  beforeAll(async () => {
    server = await startTestServer(dialect, { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
    const login = await fetch(`${server.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    expect(login.status).toBe(200);
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    // Each test starts from the seed, as a new database does.
    const db = server.services.database.db;
    await db.deleteFrom('site_content_versions').execute();
    await db.deleteFrom('site_content').execute();
    await db.deleteFrom('audit_log').execute();
    await server.services.siteContent.seed();
    await server.services.contentVersion.bump();
  });

  const call = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}, withCookie = true) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: { ...(withCookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  async function state<K extends SiteContentKind>(kind: K): Promise<EditorState<K>> {
    const response = await call('GET', `/api/admin/content/${kind}`);
    expect(response.status).toBe(200);
    return (await response.json()) as EditorState<K>;
  }
  async function publish<K extends SiteContentKind>(kind: K, data: unknown, revision: number): Promise<EditorState<K>> {
    const response = await call('POST', `/api/admin/content/${kind}/publish`, { revision, data });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as EditorState<K>;
  }
  const auditRows = () => server.services.database.db.selectFrom('audit_log').selectAll().where('entity_kind', '=', 'content').orderBy('id').execute();

  it('answers visitors 401 on every endpoint', async () => {
    const endpoints: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/content'],
      ['GET', '/api/admin/content/company'],
      ['PUT', '/api/admin/content/company/draft', { revision: 1, data: {} }],
      ['DELETE', '/api/admin/content/company/draft', { revision: 1 }],
      ['POST', '/api/admin/content/company/publish', { revision: 1, data: {} }],
      ['GET', '/api/admin/content/company/versions'],
      ['GET', '/api/admin/content/company/versions/1'],
      ['POST', '/api/admin/content/company/versions/1/restore', { revision: 1 }],
    ];
    for (const [method, url, body] of endpoints) {
      const response = await call(method, url, body, {}, false);
      expect(response.status, `${method} ${url}`).toBe(401);
    }
    const photo = await fetch(`${server.url}/api/admin/content/leader-photos`, { method: 'POST', headers: { 'content-type': 'image/png' }, body: new Uint8Array(await png(10, 10)) });
    expect(photo.status).toBe(401);
    expect(await server.services.database.db.selectFrom('leader_photos').selectAll().execute()).toEqual([]);
  });

  it('starts from the values of content/*.ts as version 1 of every kind', async () => {
    const list = await call('GET', '/api/admin/content');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    const { items } = (await list.json()) as { items: SiteContentSummary[] };
    expect(items.map((item) => item.kind)).toEqual([...SITE_CONTENT_KINDS]);
    for (const item of items) expect(item).toMatchObject({ revision: 1, publishedVersion: 1, publishedBy: null, hasDraft: false, draftUpdatedAt: null });

    const response = await call('GET', '/api/admin/content/company');
    expect(response.headers.get('etag')).toBe('"1"');
    const company = (await response.json()) as EditorState<'company'>;
    expect(company.published).toMatchObject({ name: site.name, salesEmail: site.email.sales, phone: site.phone, address: site.address, equipmentStoreUrl: site.rentalStoreUrl });
    expect(company.draft).toBeNull();
    expect((await state('seo')).published.home).toEqual({ title: pages.home.title, description: pages.home.description });
    expect((await state('leaders')).published.map((leader) => leader.id)).toEqual(['leader-1', 'leader-2', 'leader-3', 'leader-4']);
    const published = await server.services.siteContent.published();
    expect(published).toEqual(seedSiteContent());
    // Shared by every request until the next publish: nobody may change it for the others.
    expect(Object.isFrozen(published.leaders[0])).toBe(true);
    // The seed passes its own schemas: publishing it unchanged is accepted.
    for (const kind of SITE_CONTENT_KINDS) await publish(kind, seedSiteContent()[kind], 1);
  });

  it('falls back to the seed for a kind whose row is missing or unreadable, never failing', async () => {
    const db = server.services.database.db;
    const opened = await state('faq');
    await publish('faq', opened.published.slice(0, 2), opened.revision);
    await db.deleteFrom('site_content').where('kind', '=', 'leaders').execute();
    await db.updateTable('site_content').set({ published: '{not json' }).where('kind', '=', 'company').execute();
    await server.services.contentVersion.bump();
    const published = await server.services.siteContent.published();
    expect(published.leaders).toEqual(seedSiteContent().leaders);
    expect(published.company).toEqual(seedSiteContent().company);
    expect(published.faq).toHaveLength(2);
    // The editor of a kind with no row gets the seed again as version 1.
    expect(await state('leaders')).toMatchObject({ revision: 1, publishedVersion: 1, published: seedSiteContent().leaders });
  });

  it('keeps a draft from visitors until it is published, as version 2 with its audit rows', async () => {
    const before = await state('company');
    const edited: CompanyFacts = { ...before.published, phone: { display: '1-888-555-0199', tel: '+18885550199' } };

    const saved = await call('PUT', '/api/admin/content/company/draft', { revision: 1, data: edited });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe('"2"');
    const draft = (await saved.json()) as EditorState<'company'>;
    expect(draft).toMatchObject({ revision: 2, publishedVersion: 1, draftUpdatedBy: admin.username });
    expect(draft.draft?.phone.display).toBe('1-888-555-0199');
    expect(draft.published.phone.display).toBe('1-888-555-0148');
    expect((await server.services.siteContent.published()).company.phone.display).toBe('1-888-555-0148');
    expect((await server.services.siteContent.withDrafts()).company.phone.display).toBe('1-888-555-0199');
    expect((await state('company')).draft?.phone.tel).toBe('+18885550199');

    const published = await publish('company', edited, 2);
    expect(published).toMatchObject({ revision: 3, publishedVersion: 2, publishedBy: admin.username, draft: null, draftUpdatedAt: null });
    expect(published.published.phone).toEqual({ display: '1-888-555-0199', tel: '+18885550199' });
    expect((await server.services.siteContent.published()).company.phone.display).toBe('1-888-555-0199');

    const rows = await auditRows();
    expect(rows.map((row) => [row.action, row.entity_id, row.admin_name])).toEqual([
      ['content.draft', 'company', admin.username],
      ['content.publish', 'company', admin.username],
    ]);
    expect(JSON.parse(rows[1]?.after ?? '{}')).toEqual({ version: 2, changes: ['Phone: 1-888-555-0148 → 1-888-555-0199', 'Phone (tap to call): +18885550148 → +18885550199'] });
  });

  it('refuses a write from a stale revision with 409 and the current state, and changes nothing', async () => {
    const opened = await state('faq');
    const first = opened.published.map((entry, index) => (index === 0 ? { ...entry, answer: 'First admin’s answer.' } : entry));
    await publish('faq', first, opened.revision);
    const auditBefore = (await auditRows()).length;

    for (const [method, url, body] of [
      ['PUT', '/api/admin/content/faq/draft', { revision: opened.revision, data: opened.published }],
      ['POST', '/api/admin/content/faq/publish', { revision: opened.revision, data: opened.published }],
      ['DELETE', '/api/admin/content/faq/draft', { revision: opened.revision }],
      ['POST', '/api/admin/content/faq/versions/1/restore', { revision: opened.revision }],
    ] as const) {
      const response = await call(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(409);
      expect(response.headers.get('etag')).toBe('"2"');
      const conflict = (await response.json()) as { message: string; current: EditorState<'faq'>; changedBy: string; changedAt: string };
      expect(conflict.message).toBe(SITE_CONTENT_CONFLICT_MESSAGE);
      expect(conflict.changedBy).toBe(admin.username);
      expect(Number.isNaN(Date.parse(conflict.changedAt))).toBe(false);
      expect(conflict.current).toMatchObject({ kind: 'faq', revision: 2, publishedVersion: 2 });
      expect(conflict.current.published[0]?.answer).toBe('First admin’s answer.');
    }
    expect((await state('faq')).published[0]?.answer).toBe('First admin’s answer.');
    expect(await auditRows()).toHaveLength(auditBefore);
  });

  it('refuses bad input with field messages by dotted path, leaving nothing changed', async () => {
    const company = (await state('company')).published;
    const leaders = (await state('leaders')).published;
    const faq = (await state('faq')).published;
    const seo = (await state('seo')).published;
    const associations = (await state('associations')).published;
    const long = 'x'.repeat(10_000);
    const cases: Array<[SiteContentKind, unknown, Record<string, string>]> = [
      ['company', { ...company, name: 'VPV\u0000Energy' }, { name: 'Name contains characters that are not allowed.' }],
      ['company', { ...company, legalName: 'VPV Energy\nLLC' }, { legalName: 'Legal name must be on one line.' }],
      ['company', { ...company, phone: { display: '1-888-555-0148', tel: '+18885550199' } }, { 'phone.tel': 'Phone (tap to call) must be the same number as Phone.' }],
      ['company', { ...company, equipmentStoreUrl: 'http://store.example.com/' }, { equipmentStoreUrl: 'Equipment store link must be a full link starting with https://.' }],
      ['company', { ...company, name: long }, { name: 'Name must be at most 100 characters.' }],
      ['company', { ...company, name: 42, address: { ...company.address, city: ['Houston'] } }, { name: 'Name must be text.', 'address.city': 'City must be text.' }],
      ['company', { ...company, salesEmail: undefined, address: { ...company.address, street: '' } }, { salesEmail: 'Sales e-mail is required.', 'address.street': 'Street is required.' }],
      ['leaders', leaders.map((leader, index) => (index === 1 ? { ...leader, profileUrl: 'http://www.linkedin.com/in/x' } : leader)), { '1.profileUrl': 'Profile link must be a full link starting with https://.' }],
      ['leaders', leaders.map((leader, index) => (index === 2 ? { ...leader, title: long } : leader)), { '2.title': 'Title must be at most 150 characters.' }],
      ['leaders', [...leaders, leaders[0]], { '4.id': 'Each leader needs its own id.' }],
      ['faq', faq.map((entry, index) => (index === 3 ? { ...entry, question: long, category: 'weather' } : entry)), { '3.question': 'Question must be at most 300 characters.', '3.category': 'Category must be one of general, platforms, products, services, safety.' }],
      ['faq', { not: 'a list' }, { '': 'Send the questions as a list.' }],
      ['associations', { ...associations, companies: [{ id: 'c', name: 'Acme', url: 'javascript:alert(1)' }] }, { 'companies.0.url': 'Link must be a full link starting with https://.' }],
      ['seo', { ...seo, home: { title: long, description: 'Fine.' } }, { 'home.title': 'Search title must be at most 120 characters.' }],
      ['seo', { ...seo, sitemap: undefined }, { sitemap: 'Each page needs a search title and description.' }],
    ];
    for (const [kind, data, expected] of cases) {
      for (const action of ['draft', 'publish'] as const) {
        const response = await call(action === 'draft' ? 'PUT' : 'POST', `/api/admin/content/${kind}/${action}`, { revision: 1, data });
        const body = await expectInvalidInput(response);
        for (const [path, message] of Object.entries(expected)) expect(body.fieldErrors[path], `${kind} ${path}: ${JSON.stringify(body)}`).toContain(message);
      }
    }

    // A photo id that was never uploaded, a write without its revision or data, a kind or version that does not exist.
    const unknownPhoto = leaders.map((leader, index) => (index === 0 ? { ...leader, photo: { id: '0f8fad5b-d9cb-469f-a165-70867728950e' } } : leader));
    expect((await expectInvalidInput(await call('PUT', '/api/admin/content/leaders/draft', { revision: 1, data: unknownPhoto }), ['0.photo'])).message).toBe(
      'Photo is not a known photo. Upload it again.',
    );
    await expectInvalidInput(await call('PUT', '/api/admin/content/company/draft', { data: company }), ['revision']);
    await expectInvalidInput(await call('PUT', '/api/admin/content/company/draft', { revision: '1', data: company }), ['revision']);
    await expectInvalidInput(await call('POST', '/api/admin/content/company/publish', { revision: 1 }), ['data']);
    await expectInvalidInput(await call('PUT', '/api/admin/content/company/draft', '{"revision": 1, "data": '));
    expect((await call('PUT', '/api/admin/content/company/draft', 'revision=1', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await call('GET', '/api/admin/content/pricing')).status).toBe(404);
    expect((await call('PUT', '/api/admin/content/pricing/draft', { revision: 1, data: {} })).status).toBe(404);
    expect((await call('GET', '/api/admin/content/company/versions/7')).status).toBe(404);
    expect((await call('GET', '/api/admin/content/company/versions/first')).status).toBe(404);
    expect((await call('POST', '/api/admin/content/company/versions/7/restore', { revision: 1 })).status).toBe(404);

    // More than 256 kB of JSON: 413 before anything is parsed.
    const tooLarge = await call('PUT', '/api/admin/content/faq/draft', { revision: 1, data: faq.map((entry) => ({ ...entry, answer: 'y'.repeat(40_000) })) });
    expect(tooLarge.status).toBe(413);

    for (const kind of SITE_CONTENT_KINDS) expect(await state(kind)).toMatchObject({ revision: 1, publishedVersion: 1, draft: null });
    expect(await auditRows()).toEqual([]);
    expect(await server.services.siteContent.published()).toEqual(seedSiteContent());
  });

  it('takes the longest FAQ the schema allows within the body limit', async () => {
    const longest: FaqEntry[] = Array.from({ length: FAQ_LIMITS.count }, (_, index) => ({
      id: `faq-${index}`,
      question: `${index} ${'q'.repeat(FAQ_LIMITS.question - 5)}?`,
      answer: 'a'.repeat(FAQ_LIMITS.answer),
      category: 'general',
    }));
    expect((await publish('faq', longest, 1)).published).toHaveLength(FAQ_LIMITS.count);
  });

  it('leaves nothing half-saved when a publish fails part-way', async () => {
    const db = server.services.database.db;
    // A stray version 2 makes the publish's version insert fail after its update of the row.
    await db.insertInto('site_content_versions').values({ kind: 'company', version: 2, data: '{}', published_at: Date.now(), published_by: null, restored_from: null }).execute();
    const company = (await state('company')).published;
    const response = await call('POST', '/api/admin/content/company/publish', { revision: 1, data: { ...company, name: 'Half Saved Energy' } });
    expect(response.status).toBe(500);
    expect(await state('company')).toMatchObject({ revision: 1, publishedVersion: 1, published: { name: site.name } });
    expect(await auditRows()).toEqual([]);
  });

  it('lists versions newest first with readable changes, shows one, and restores an old one as a new version', async () => {
    const opened = await state('faq');
    const seedFaq = opened.published;
    // Version 2: the last question moved to the top. Version 3: an answer edited, one removed, one added.
    const moved = [seedFaq[8], ...seedFaq.slice(0, 8)] as FaqEntry[];
    const v2 = await publish('faq', moved, opened.revision);
    const edited: FaqEntry[] = [
      ...moved.slice(0, 5).map((entry) => (entry.id === 'faq-3' ? { ...entry, answer: 'A new answer.' } : entry)),
      ...moved.slice(6),
      { id: 'faq-new', question: 'Do you work weekends?', answer: 'Yes.', category: 'services' },
    ];
    const v3 = await publish('faq', edited, v2.revision);
    expect(v3.publishedVersion).toBe(3);

    const response = await call('GET', '/api/admin/content/faq/versions');
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: ContentVersionSummary[] };
    expect(items.map((item) => [item.version, item.publishedBy, item.restoredFrom])).toEqual([
      [3, admin.username, null],
      [2, admin.username, null],
      [1, null, null],
    ]);
    expect(items[2]?.changes).toEqual([]);
    expect(items[1]?.changes).toEqual([{ label: 'FAQ "How do I get started?"', change: 'moved', before: '9th', after: '1st' }]);
    expect(items[0]?.changes).toEqual([
      { label: `FAQ "${moved[5]?.question}"`, change: 'removed', before: moved[5]?.question, after: null },
      { label: 'FAQ "What is VPV Lease?": answer', change: 'changed', before: seedFaq[2]?.answer, after: 'A new answer.' },
      { label: 'FAQ "Do you work weekends?"', change: 'added', before: null, after: 'Do you work weekends?' },
    ]);

    const one = await call('GET', '/api/admin/content/faq/versions/1');
    expect(one.status).toBe(200);
    expect(((await one.json()) as ContentVersionDetail<'faq'>).data).toEqual(seedFaq);

    const restored = await call('POST', '/api/admin/content/faq/versions/1/restore', { revision: v3.revision });
    expect(restored.status).toBe(200);
    const after = (await restored.json()) as EditorState<'faq'>;
    expect(after).toMatchObject({ publishedVersion: 4, publishedBy: admin.username, draft: null });
    expect(after.published).toEqual(seedFaq);
    expect((await server.services.siteContent.published()).faq).toEqual(seedFaq);
    const latest = ((await (await call('GET', '/api/admin/content/faq/versions')).json()) as { items: ContentVersionSummary[] }).items[0];
    expect(latest).toMatchObject({ version: 4, restoredFrom: 1 });
    expect((await auditRows()).map((row) => row.action)).toEqual(['content.publish', 'content.publish', 'content.restore']);
  });

  it('discards a draft: published unchanged, revision raised, audited', async () => {
    const opened = await state('associations');
    const data = { ...opened.published, associations: [...opened.published.associations, { id: 'new', name: 'Texas Gas Guild', url: 'https://guild.example.org' }] };
    const saved = await call('PUT', '/api/admin/content/associations/draft', { revision: opened.revision, data });
    const draft = (await saved.json()) as EditorState<'associations'>;
    expect(draft.draft?.associations.at(-1)).toEqual({ id: 'new', name: 'Texas Gas Guild', url: 'https://guild.example.org' });

    const discarded = await call('DELETE', '/api/admin/content/associations/draft', { revision: draft.revision });
    expect(discarded.status).toBe(200);
    const after = (await discarded.json()) as EditorState<'associations'>;
    expect(after).toMatchObject({ revision: draft.revision + 1, publishedVersion: 1, draft: null, draftUpdatedBy: null });
    expect(after.published).toEqual(opened.published);
    expect((await auditRows()).map((row) => row.action)).toEqual(['content.draft', 'content.discard']);
  });

  it('takes a leader photo: square WebP at 160 and 320 px, public and immutable; refuses too large, not an image and visitors', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 90, b: 40 } } }).jpeg().toBuffer();
    const response = await fetch(`${server.url}/api/admin/content/leader-photos`, { method: 'POST', headers: { cookie, 'content-type': 'image/jpeg' }, body: new Uint8Array(jpeg) });
    expect(response.status).toBe(201);
    const upload = (await response.json()) as { photo: { id: string }; urls: Record<'160' | '320', string> };
    expect(upload.photo.id).toMatch(/^[0-9a-f-]{36}$/);
    for (const size of [160, 320] as const) {
      expect(upload.urls[size]).toBe(`/media/leader-photos/${upload.photo.id}/${size}.webp`);
      const served = await fetch(`${server.url}${upload.urls[size]}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: 'webp', width: size, height: size });
    }
    // A PNG too, and the uploaded photo can then be saved on a leader.
    const fromPng = await fetch(`${server.url}/api/admin/content/leader-photos`, { method: 'POST', headers: { cookie, 'content-type': 'image/png' }, body: new Uint8Array(await png(200, 500)) });
    expect(fromPng.status).toBe(201);
    const leaders = (await state('leaders')).published;
    const withPhoto: Leader[] = leaders.map((leader, index) => (index === 0 ? { ...leader, photo: upload.photo } : leader));
    expect((await publish('leaders', withPhoto, 1)).published[0]?.photo).toEqual(upload.photo);

    const tooLarge = await fetch(`${server.url}/api/admin/content/leader-photos`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'image/jpeg' },
      body: new Uint8Array(Buffer.concat([jpeg, Buffer.alloc(LEADER_PHOTO_MAX_BYTES + 1 - jpeg.length)])),
    });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { message: string }).message).toBe(LEADER_PHOTO_TOO_LARGE);

    const text = new Uint8Array(Buffer.from('Just some text, not a photo at all.\n'.repeat(20)));
    for (const type of ['text/plain', 'image/png']) {
      const refused = await fetch(`${server.url}/api/admin/content/leader-photos`, { method: 'POST', headers: { cookie, 'content-type': type }, body: text });
      expect(refused.status, type).toBe(415);
      expect(((await refused.json()) as { message: string }).message).toBe(LEADER_PHOTO_NOT_AN_IMAGE);
    }
    const visitor = await fetch(`${server.url}/api/admin/content/leader-photos`, { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(jpeg) });
    expect(visitor.status).toBe(401);

    expect(await server.services.database.db.selectFrom('leader_photos').select('id').execute()).toHaveLength(2);
    for (const url of [`/media/leader-photos/${upload.photo.id}/200.webp`, `/media/leader-photos/${upload.photo.id}/160.png`, '/media/leader-photos/0f8fad5b-d9cb-469f-a165-70867728950e/160.webp', '/media/leader-photos/..%2F..%2Fetc/160.webp']) {
      expect((await fetch(`${server.url}${url}`)).status, url).toBe(404);
    }
  });

  it('turns a photo upright by its EXIF orientation before cutting the square, and keeps no metadata', async () => {
    // 200×100, red on the left, blue on the right, stored sideways: orientation 6 shows it as 100×200, red on top.
    const red = await sharp({ create: { width: 100, height: 100, channels: 3, background: { r: 255, g: 0, b: 0 } } }).png().toBuffer();
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: { r: 0, g: 0, b: 255 } } })
      .composite([{ input: red, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await fetch(`${server.url}/api/admin/content/leader-photos`, { method: 'POST', headers: { cookie, 'content-type': 'image/jpeg' }, body: new Uint8Array(sideways) });
    expect(response.status).toBe(201);
    const { urls } = (await response.json()) as { urls: Record<'160', string> };
    const webp = Buffer.from(await (await fetch(`${server.url}${urls['160']}`)).arrayBuffer());
    expect((await sharp(webp).metadata()).exif).toBeUndefined();
    const { data } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
    const colour = (x: number, y: number) => {
      const [r = 0, , b = 0] = data.subarray((y * 160 + x) * 3, (y * 160 + x) * 3 + 3);
      return r > b ? 'red' : 'blue';
    };
    // Upright and cut from the middle: red above, blue below (unrotated it would be red left, blue right).
    expect([colour(20, 10), colour(140, 10), colour(20, 150), colour(140, 150)]).toEqual(['red', 'red', 'blue', 'blue']);
  });

  describe('two processes on one database', () => {
    let second: SecondTestServer;
    beforeAll(async () => {
      second = await startSecondServer(server);
    });
    afterAll(async () => {
      await second?.close();
    });

    it('serves a publish made in the other process within a second', async () => {
      // The second process has read (and memoised) the published content.
      expect((await second.services.siteContent.published()).company.phone.display).toBe('1-888-555-0148');
      const opened = await state('company');
      await publish('company', { ...opened.published, phone: { display: '1-888-555-0100', tel: '+18885550100' } }, opened.revision);
      await vi.waitFor(async () => expect((await second.services.siteContent.published()).company.phone.display).toBe('1-888-555-0100'), { timeout: 3000, interval: 50 });
      // And its API sees the new revision at once: the database is the one source.
      expect((await second.services.siteContent.editorState('company')).publishedVersion).toBe(2);
    });

    it('lets exactly one of two publishes from the same revision win, whichever process each reaches', async () => {
      const opened = await state('faq');
      const send = (url: string, answer: string) =>
        fetch(`${url}/api/admin/content/faq/publish`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ revision: opened.revision, data: opened.published.map((entry, index) => (index === 0 ? { ...entry, answer } : entry)) }),
        });
      const answers = await Promise.all([send(server.url, 'From the first process.'), send(second.url, 'From the second process.')]);
      expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
      const winner = answers.findIndex((response) => response.status === 200);
      const now = await state('faq');
      expect(now).toMatchObject({ revision: opened.revision + 1, publishedVersion: 2 });
      expect(now.published[0]?.answer).toBe(winner === 0 ? 'From the first process.' : 'From the second process.');
      const versions = await server.services.database.db.selectFrom('site_content_versions').select('version').where('kind', '=', 'faq').execute();
      expect(versions).toHaveLength(2);
      expect((await auditRows()).map((row) => row.action)).toEqual(['content.publish']);
    });
  });
});

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
}

describe('leader photos in an S3 bucket', () => {
  let s3: TestS3;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startTestS3();
    server = await startTestServer('sqlite', { ...s3.env, ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('stores both sizes in the bucket and serves them from /media', async () => {
    const login = await fetch(`${server.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const response = await fetch(`${server.url}/api/admin/content/leader-photos`, { method: 'POST', headers: { cookie, 'content-type': 'image/png' }, body: new Uint8Array(await png(640, 480)) });
    expect(response.status).toBe(201);
    const { photo, urls } = (await response.json()) as { photo: { id: string }; urls: Record<'160' | '320', string> };
    expect((await s3.listKeys()).filter((key) => key.startsWith('leader-photos/'))).toEqual([`leader-photos/${photo.id}/160.webp`, `leader-photos/${photo.id}/320.webp`]);
    const served = await fetch(`${server.url}${urls['320']}`);
    expect(served.status).toBe(200);
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 320, 320]);
  });
});
