import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem, ActivityPage } from '../../domain/audit.ts';
import type { AdminDocument, PublicDocument } from '../../domain/documents/types.ts';
import type { GlossaryTerm } from '../../domain/glossary/term.ts';
import type { TrashPage } from '../../domain/trash.ts';
import type { VersionConflictBody } from '../../domain/versions.ts';
import { createAdmin } from '../../server/services/auth/admins.ts';
import { sweepUploads } from '../../server/services/index.ts';
import { testDialects } from '../helpers/databases.ts';
import { type DocumentsTestServer, documentsAdmin, startDocumentsServer } from '../helpers/documents-server.ts';
import { expectInvalidInput } from '../helpers/invalid-input.ts';
import { image } from '../helpers/sample-files.ts';

/**
 * Trash, audit log and versions (docs/trash-and-audit.md) through the real API, on each
 * database: delete, restore and delete forever for every kind, the retention purge, the audit
 * row of each action, 409 on a stale edit, and what visitors stop seeing.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const RETENTION_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;
const second = { username: 'second-admin', password: 'second admin password' };

describe.each(testDialects)('trash, audit log and versions on %s', (dialect) => {
  let t: DocumentsTestServer;
  let secondCookie: string;

  beforeAll(async () => {
    t = await startDocumentsServer(dialect, 'disk', { TRASH_RETENTION_DAYS: String(RETENTION_DAYS), LEADS_RATE_LIMIT: '0' });
    await createAdmin(t.server.services.database.db, second.username, second.password);
    secondCookie = await loginCookie(second);
  });
  afterAll(async () => t?.close());

  async function loginCookie(credentials: { username: string; password: string }): Promise<string> {
    const response = await fetch(`${t.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    expect(response.status).toBe(200);
    return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }

  const call = (method: string, url: string, options: { body?: unknown; cookie?: string | null; headers?: Record<string, string> } = {}) => {
    const { body, cookie = t.cookie, headers = {} } = options;
    return fetch(`${t.url}${url}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };

  const db = () => t.server.services.database.db;

  /** The audit rows of one action, oldest first. */
  async function auditRows(action: string, entityId?: number | string) {
    let query = db().selectFrom('audit_log').selectAll().where('action', '=', action);
    if (entityId !== undefined) query = query.where('entity_id', '=', String(entityId));
    return query.orderBy('id').execute();
  }

  async function uploadDocument(title: string, bytes: Buffer): Promise<AdminDocument> {
    const form = new FormData();
    form.append('title', title);
    form.append('category', 'spec-sheets');
    form.append('description', `About ${title}`);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'sheet.pdf');
    const response = await fetch(`${t.url}/api/documents/upload`, { method: 'POST', body: form, headers: { cookie: t.cookie } });
    expect(response.status).toBe(201);
    const document = (await response.json()) as AdminDocument;
    expect(response.headers.get('etag')).toBe(`"${document.version}"`);
    return document;
  }

  /** A PDF whose bytes are this test's own: a byte-identical download proves it is the same file. */
  function uniquePdf(): Buffer {
    return Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(2048), Buffer.from('\n%%EOF\n')]);
  }

  async function carouselImage(): Promise<string> {
    const issued = (await (await call('POST', '/api/objects/upload')).json()) as { uploadURL: string };
    const url = new URL(issued.uploadURL, t.url).toString();
    const png = await image('png', 40 + crypto.randomInt(40), 30);
    expect((await fetch(url, { method: 'PUT', body: new Uint8Array(png), headers: { 'content-type': 'image/png' } })).status).toBe(200);
    const accepted = await call('PUT', '/api/carousel-images', { body: { imageURL: url } });
    expect(accepted.status).toBe(200);
    return ((await accepted.json()) as { objectPath: string }).objectPath;
  }

  async function download(id: number): Promise<{ status: number; bytes: Buffer }> {
    const response = await fetch(`${t.url}/api/documents/download/${id}`);
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  const publicTitles = async () => ((await (await call('GET', '/api/documents/public', { cookie: null })).json()) as PublicDocument[]).map((d) => d.title);
  const adminDocument = async (id: number) => ((await (await call('GET', '/api/documents')).json()) as AdminDocument[]).find((d) => d.id === id);
  const visitorPage = async (url: string) => (await fetch(`${t.url}${url}`)).text();
  const trash = async (query = '') => (await (await call('GET', `/api/admin/trash${query}`)).json()) as TrashPage;

  describe('documents', () => {
    it('go to the trash and come back: visitors stop seeing them at once, the restore downloads byte-identical with its images in order', async () => {
      const bytes = uniquePdf();
      const created = await uploadDocument('Trashable trailer sheet', bytes);
      const images = [await carouselImage(), await carouselImage(), await carouselImage()];
      const saved = await call('PUT', `/api/documents/${created.id}`, {
        body: { title: created.title, description: created.description, category: created.category, carouselImages: images },
      });
      expect(saved.status).toBe(200);
      // The visitor's knowledge base is rendered (and kept by the page cache) with the document in it.
      expect(await visitorPage('/knowledge-base?tab=spec-sheets')).toContain('Trashable trailer sheet');

      expect((await call('DELETE', `/api/documents/${created.id}`)).status).toBe(204);
      expect(await publicTitles()).not.toContain('Trashable trailer sheet');
      expect(await adminDocument(created.id)).toBeUndefined();
      expect((await download(created.id)).status).toBe(404);
      expect(await visitorPage('/knowledge-base?tab=spec-sheets')).not.toContain('Trashable trailer sheet');
      expect(await visitorPage('/knowledge-base')).not.toContain('Trashable trailer sheet');
      expect(await visitorPage('/sitemap.xml')).not.toContain('Trashable');
      expect(await visitorPage('/sitemap')).not.toContain('Trashable trailer sheet');
      // Its file and images stay in storage while it is in the trash, but visitors get none of its images.
      for (const objectPath of images) expect((await fetch(`${t.url}${objectPath}`)).status).toBe(404);
      expect((await fetch(`${t.url}${images[0]}?w=280`)).status).toBe(404);

      const listed = (await trash('?kind=document')).items.find((item) => item.id === created.id);
      expect(listed).toMatchObject({ kind: 'document', id: created.id, title: 'Trashable trailer sheet', deletedBy: documentsAdmin.username });
      expect(Date.parse(listed?.purgeAt ?? '') - Date.parse(listed?.deletedAt ?? '')).toBe(RETENTION_DAYS * DAY_MS);

      const restored = await call('POST', `/api/admin/trash/document/${created.id}/restore`);
      expect(restored.status).toBe(200);
      expect(await restored.json()).toEqual({ kind: 'document', id: created.id, title: 'Trashable trailer sheet' });
      const back = await adminDocument(created.id);
      expect(back?.carouselImages).toEqual(images);
      for (const objectPath of images) expect((await fetch(`${t.url}${objectPath}`)).status).toBe(200);
      expect(back?.version).toBe(3); // upload 1, carousel save 2, restore 3
      expect(restored.headers.get('etag')).toBe('"3"');
      const downloaded = await download(created.id);
      expect(downloaded.status).toBe(200);
      expect(downloaded.bytes.equals(bytes)).toBe(true);
      expect(await publicTitles()).toContain('Trashable trailer sheet');
      expect(await visitorPage('/knowledge-base?tab=spec-sheets')).toContain('Trashable trailer sheet');
      expect((await trash('?kind=document')).items.find((item) => item.id === created.id)).toBeUndefined();

      // Restoring twice, or something never trashed: 404 in the API's shape.
      const again = await call('POST', `/api/admin/trash/document/${created.id}/restore`);
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({ message: 'Not in the trash.' });
      expect((await call('POST', '/api/admin/trash/recipe/1/restore')).status).toBe(404);

      const actions = (await db().selectFrom('audit_log').select(['action', 'admin_name']).where('entity_id', '=', String(created.id)).where('entity_kind', 'in', ['document', 'carousel']).orderBy('id').execute());
      expect(actions).toEqual([
        { action: 'document.create', admin_name: documentsAdmin.username },
        { action: 'carousel.update', admin_name: documentsAdmin.username },
        { action: 'document.delete', admin_name: documentsAdmin.username },
        { action: 'document.restore', admin_name: documentsAdmin.username },
      ]);
      const [carousel] = await auditRows('carousel.update', created.id);
      expect(JSON.parse(carousel?.before ?? '')).toEqual({ carouselImages: [] });
      expect(JSON.parse(carousel?.after ?? '')).toEqual({ carouselImages: images });
      const [deleted] = await auditRows('document.delete', created.id);
      expect(deleted?.summary).toBe('Trashable trailer sheet');
      expect(JSON.parse(deleted?.before ?? '')).toMatchObject({ title: 'Trashable trailer sheet', carouselImages: images });
      // Never a storage key in the log.
      expect(deleted?.before).not.toContain('documents/');
    });

    it('deleted forever: the row, the file and the images go', async () => {
      const created = await uploadDocument('Doomed brochure', uniquePdf());
      const images = [await carouselImage()];
      await call('PUT', `/api/documents/${created.id}`, { body: { title: created.title, category: created.category, carouselImages: images } });
      const before = await t.objectKeys();
      expect((await call('DELETE', `/api/admin/trash/document/${created.id}`)).status).toBe(404); // not in the trash yet
      expect((await call('DELETE', `/api/documents/${created.id}`)).status).toBe(204);
      expect(await t.objectKeys()).toEqual(before);
      expect((await call('DELETE', `/api/admin/trash/document/${created.id}`)).status).toBe(204);
      const after = await t.objectKeys();
      expect(before.filter((key) => !after.includes(key)).filter((key) => key.startsWith('documents/'))).toHaveLength(1);
      expect(after.filter((key) => key.includes(/images\/([0-9a-f-]{36})/.exec(images[0] ?? '')?.[1] ?? '-'))).toEqual([]);
      expect((await fetch(`${t.url}${images[0]}`)).status).toBe(404);
      expect((await call('POST', `/api/admin/trash/document/${created.id}/restore`)).status).toBe(404);
      const [purge] = await auditRows('document.purge', created.id);
      expect(purge).toMatchObject({ admin_name: documentsAdmin.username, entity_kind: 'document', summary: 'Doomed brochure' });
    });
  });

  describe('glossary terms', () => {
    const termBody = (term: string, definition = 'A definition for the test.') => ({ term, definition, category: 'lng' });
    const visibleTerms = async (search: string) =>
      ((await (await call('GET', `/api/glossary?search=${encodeURIComponent(search)}`, { cookie: null })).json()) as GlossaryTerm[]).map((term) => term.term);

    it('go to the trash; a new term may take the name, and restoring the old one is then a 409 until the name is free', async () => {
      const created = (await (await call('POST', '/api/glossary', { body: termBody('Zeta boil-off') })).json()) as GlossaryTerm;
      expect(created.version).toBe(1);
      expect(created.updatedBy).toBe(documentsAdmin.username);
      expect((await call('DELETE', `/api/glossary/${created.id}`)).status).toBe(204);
      expect(await visibleTerms('Zeta boil')).toEqual([]);
      expect(await visitorPage('/knowledge-base?tab=glossary')).not.toContain('Zeta boil-off');
      expect((await call('PUT', `/api/glossary/${created.id}`, { body: termBody('Zeta boil-off') })).status).toBe(404);
      expect((await trash('?kind=glossary')).items.map((item) => item.title)).toContain('Zeta boil-off');

      const replacement = await call('POST', '/api/glossary', { body: termBody('ZETA BOIL-OFF') });
      expect(replacement.status).toBe(201);
      const replacementId = ((await replacement.json()) as GlossaryTerm).id;

      const refused = await call('POST', `/api/admin/trash/glossary/${created.id}/restore`);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ message: 'A term named "Zeta boil-off" exists again. Rename or delete that one, then restore this.' });
      expect(await auditRows('glossary.restore', created.id)).toEqual([]);

      expect((await call('DELETE', `/api/glossary/${replacementId}`)).status).toBe(204);
      const restored = await call('POST', `/api/admin/trash/glossary/${created.id}/restore`);
      expect(restored.status).toBe(200);
      expect(await restored.json()).toEqual({ kind: 'glossary', id: created.id, title: 'Zeta boil-off' });
      expect(restored.headers.get('etag')).toBe('"2"');
      expect(await visibleTerms('Zeta boil')).toEqual(['Zeta boil-off']);
      expect(await visitorPage('/knowledge-base?tab=glossary')).toContain('Zeta boil-off');

      expect((await call('DELETE', `/api/admin/trash/glossary/${replacementId}`)).status).toBe(204);
      expect((await trash('?kind=glossary')).items.map((item) => item.id)).not.toContain(replacementId);
      const actions = (await db().selectFrom('audit_log').select('action').where('entity_kind', '=', 'glossary').where('entity_id', 'in', [String(created.id), String(replacementId)]).orderBy('id').execute()).map((row) => row.action);
      expect(actions).toEqual(['glossary.create', 'glossary.delete', 'glossary.create', 'glossary.delete', 'glossary.restore', 'glossary.purge']);
    });

    it('refuse a stale edit with 409 by If-Match and by body version; no version still overwrites; a malformed If-Match is a 400', async () => {
      const created = (await (await call('POST', '/api/glossary', { body: termBody('Versioned vapor') })).json()) as GlossaryTerm;
      const first = await call('PUT', `/api/glossary/${created.id}`, { body: termBody('Versioned vapor', 'Second wording.'), cookie: secondCookie, headers: { 'if-match': '"1"' } });
      expect(first.status).toBe(200);
      expect(first.headers.get('etag')).toBe('"2"');

      const stale = await call('PUT', `/api/glossary/${created.id}`, { body: termBody('Versioned vapor', 'Mine.'), headers: { 'if-match': '"1"' } });
      expect(stale.status).toBe(409);
      const conflict = (await stale.json()) as VersionConflictBody<GlossaryTerm>;
      expect(conflict.message).toMatch(/^Changed by second-admin at \d{2}:\d{2}, \d{1,2} [A-Z][a-z]{2} \d{4} UTC after you opened it\.$/);
      expect(conflict.current).toMatchObject({ id: created.id, definition: 'Second wording.', version: 2, updatedBy: second.username });
      expect(conflict.changedBy).toBe(second.username);
      expect(conflict.changedAt).toBe(conflict.current.updatedAt);

      const staleBody = await call('PUT', `/api/glossary/${created.id}`, { body: { ...termBody('Versioned vapor', 'Mine.'), version: 1 } });
      expect(staleBody.status).toBe(409);
      expect((await (await call('GET', '/api/glossary?search=Versioned')).json()) as GlossaryTerm[]).toMatchObject([{ definition: 'Second wording.' }]);

      const fresh = await call('PUT', `/api/glossary/${created.id}`, { body: { ...termBody('Versioned vapor', 'Mine.'), version: 2 } });
      expect(fresh.status).toBe(200);
      const unversioned = await call('PUT', `/api/glossary/${created.id}`, { body: termBody('Versioned vapor', 'Anyone.') });
      expect(unversioned.status).toBe(200);
      expect(((await unversioned.json()) as GlossaryTerm).version).toBe(4);

      for (const header of ['3', 'W/"3"', '"abc"', '"1", "2"', '"0"']) {
        const malformed = await call('PUT', `/api/glossary/${created.id}`, { body: termBody('Versioned vapor', 'x'), headers: { 'if-match': header } });
        expect(malformed.status, header).toBe(400);
        await expectInvalidInput(malformed, ['If-Match']);
      }
      const badVersion = await call('PUT', `/api/glossary/${created.id}`, { body: { ...termBody('Versioned vapor', 'x'), version: 'two' } });
      expect(badVersion.status).toBe(400);
      await expectInvalidInput(badVersion, ['version']);
      expect(((await (await call('GET', '/api/glossary?search=Versioned')).json()) as GlossaryTerm[])[0]?.definition).toBe('Anyone.');

      const updates = await auditRows('glossary.update', created.id);
      expect(updates.map((row) => row.admin_name)).toEqual([second.username, documentsAdmin.username, documentsAdmin.username]);
      expect(JSON.parse(updates[0]?.before ?? '')).toMatchObject({ definition: 'A definition for the test.', version: 1 });
      expect(JSON.parse(updates[0]?.after ?? '')).toMatchObject({ definition: 'Second wording.', version: 2 });
    });
  });

  describe('document versions', () => {
    it('refuse a stale edit with 409 naming who changed it; the admin list carries version, updatedAt and updatedBy', async () => {
      const created = await uploadDocument('Versioned sheet', uniquePdf());
      expect(created).toMatchObject({ version: 1, updatedBy: documentsAdmin.username });
      const edit = (title: string, extra: { version?: unknown } = {}) => ({ title, description: null, category: 'spec-sheets', carouselImages: [], ...extra });

      const theirs = await call('PUT', `/api/documents/${created.id}`, { body: edit('Their title'), cookie: secondCookie, headers: { 'if-match': `"${created.version}"` } });
      expect(theirs.status).toBe(200);
      expect(theirs.headers.get('etag')).toBe('"2"');

      const mine = await call('PUT', `/api/documents/${created.id}`, { body: edit('My title'), headers: { 'if-match': '"1"' } });
      expect(mine.status).toBe(409);
      const conflict = (await mine.json()) as VersionConflictBody<AdminDocument>;
      expect(conflict.message).toMatch(/^Changed by second-admin at \d{2}:\d{2}, \d{1,2} [A-Z][a-z]{2} \d{4} UTC after you opened it\.$/);
      expect(conflict.current).toMatchObject({ id: created.id, title: 'Their title', version: 2, updatedBy: second.username });
      expect(conflict.changedAt).toBe(conflict.current.updatedAt);
      expect((await adminDocument(created.id))?.title).toBe('Their title');

      expect((await call('PUT', `/api/documents/${created.id}`, { body: edit('My title', { version: 1 }) })).status).toBe(409);
      expect((await call('PUT', `/api/documents/${created.id}`, { body: edit('My title', { version: 0 }) })).status).toBe(400);
      const malformed = await call('PUT', `/api/documents/${created.id}`, { body: edit('My title'), headers: { 'if-match': 'not-a-version' } });
      expect(malformed.status).toBe(400);
      await expectInvalidInput(malformed, ['If-Match']);
      // A stale If-Match on a document that is not there is still a 404.
      expect((await call('PUT', '/api/documents/999999', { body: edit('x'), headers: { 'if-match': '"1"' } })).status).toBe(404);

      const overwrite = await call('PUT', `/api/documents/${created.id}`, { body: edit('My title') });
      expect(overwrite.status).toBe(200);
      const saved = (await overwrite.json()) as AdminDocument;
      expect(saved).toMatchObject({ title: 'My title', version: 3, updatedBy: documentsAdmin.username });
      const listed = ((await (await call('GET', '/api/documents/public', { cookie: null })).json()) as PublicDocument[]).find((d) => d.id === created.id);
      expect(listed).toMatchObject({ version: 3, updatedBy: documentsAdmin.username, updatedAt: saved.updatedAt });
      expect((await auditRows('document.update', created.id)).map((row) => row.admin_name)).toEqual([second.username, documentsAdmin.username]);
    });
  });

  describe('leads', () => {
    async function postContact(lastName: string): Promise<number> {
      const response = await call('POST', '/api/contact', {
        cookie: null,
        body: { firstName: 'Lena', lastName, company: 'Cryo Co', email: 'lena@example.com', message: 'Secret visitor words about a quote.' },
      });
      expect(response.status).toBe(201);
      const row = await db().selectFrom('contact_messages').select('id').where('last_name', '=', lastName).executeTakeFirstOrThrow();
      return Number(row.id);
    }

    it('go to the trash from the inbox and come back; status changes are audited with the status only', async () => {
      const id = await postContact('Trashova');
      // 'handled' is the old name of 'closed' (an alias PATCH still takes).
      const patched = await call('PATCH', `/api/admin/messages/${id}`, { body: { status: 'handled' } });
      expect(patched.status).toBe(200);
      const [status] = await auditRows('lead.status', id);
      expect(status).toMatchObject({ admin_name: documentsAdmin.username, entity_kind: 'contact', summary: 'Lena Trashova (Cryo Co)' });
      expect(JSON.parse(status?.before ?? '')).toEqual({ status: 'new' });
      expect(JSON.parse(status?.after ?? '')).toEqual({ status: 'closed' });

      expect((await call('DELETE', `/api/admin/messages/${id}`, { cookie: null })).status).toBe(401);
      expect((await call('DELETE', `/api/admin/messages/${id}`)).status).toBe(204);
      expect((await call('DELETE', `/api/admin/messages/${id}`)).status).toBe(404);
      expect((await call('PATCH', `/api/admin/messages/${id}`, { body: { status: 'pending' } })).status).toBe(404);
      const inbox = (await (await call('GET', '/api/admin/messages?pageSize=100')).json()) as { items: Array<{ id: number }>; total: number };
      expect(inbox.items.map((item) => item.id)).not.toContain(id);
      expect(await (await call('GET', '/api/admin/messages.csv')).text()).not.toContain('Trashova');
      expect((await trash('?kind=contact')).items).toContainEqual(expect.objectContaining({ kind: 'contact', id, title: 'Lena Trashova (Cryo Co)' }));

      const restored = await call('POST', `/api/admin/trash/contact/${id}/restore`);
      expect(restored.status).toBe(200);
      expect(await restored.json()).toEqual({ kind: 'contact', id, title: 'Lena Trashova (Cryo Co)' });
      const back = (await (await call('GET', '/api/admin/messages?pageSize=100')).json()) as { items: Array<{ id: number; status: string }> };
      expect(back.items.find((item) => item.id === id)?.status).toBe('closed');

      const rows = await db().selectFrom('audit_log').selectAll().where('entity_kind', '=', 'contact').where('entity_id', '=', String(id)).orderBy('id').execute();
      expect(rows.map((row) => row.action)).toEqual(['lead.status', 'lead.delete', 'lead.restore']);
      // The visitor's message and e-mail never reach the log.
      for (const row of rows) expect(JSON.stringify(row)).not.toMatch(/Secret visitor words|lena@example\.com/);
    });

    it('demo requests too; deleted forever they are gone', async () => {
      const response = await call('POST', '/api/request-demo', {
        cookie: null,
        body: { name: 'Dmitri Demo', phone: '+1 555 0100', email: 'dd@example.com', company: 'Frost LLC' },
      });
      expect(response.status).toBe(201);
      const id = Number((await db().selectFrom('demo_requests').select('id').where('name', '=', 'Dmitri Demo').executeTakeFirstOrThrow()).id);
      expect((await call('DELETE', `/api/admin/demo-requests/${id}`)).status).toBe(204);
      expect((await trash('?kind=demo')).items).toContainEqual(expect.objectContaining({ kind: 'demo', id, title: 'Dmitri Demo (Frost LLC)' }));
      expect((await call('DELETE', `/api/admin/trash/demo/${id}`)).status).toBe(204);
      expect(await db().selectFrom('demo_requests').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
      expect((await auditRows('lead.purge', id)).map((row) => row.entity_kind)).toEqual(['demo']);
    });
  });

  describe('the trash list', () => {
    it('is newest deletion first, paginated, filtered by kind, admins only; a bad query is a 400', async () => {
      const ids: number[] = [];
      for (const name of ['Page one term', 'Page two term', 'Page three term']) {
        const term = (await (await call('POST', '/api/glossary', { body: { term: name, definition: 'Paged.' } })).json()) as GlossaryTerm;
        expect((await call('DELETE', `/api/glossary/${term.id}`)).status).toBe(204);
        ids.push(term.id);
      }
      const all = await trash('?pageSize=100');
      const times = all.items.map((item) => Date.parse(item.deletedAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const first = await trash('?kind=glossary&page=1&pageSize=2');
      expect(first.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
      expect(first).toMatchObject({ page: 1, pageSize: 2 });
      const secondPage = await trash('?kind=glossary&page=2&pageSize=2');
      expect(secondPage.items[0]?.id).toBe(ids[0]);
      expect(secondPage.total).toBe(first.total);
      expect(first.items.every((item) => item.kind === 'glossary')).toBe(true);

      for (const query of ['?kind=recipe', '?page=0', '?pageSize=1000', '?page=x']) {
        const response = await call('GET', `/api/admin/trash${query}`);
        expect(response.status, query).toBe(400);
      }
      for (const [method, url] of [
        ['GET', '/api/admin/trash'],
        ['POST', `/api/admin/trash/glossary/${ids[0]}/restore`],
        ['DELETE', `/api/admin/trash/glossary/${ids[0]}`],
        ['GET', '/api/admin/activity'],
        ['GET', '/api/admin/activity.csv'],
      ] as const) {
        expect((await call(method, url, { cookie: null })).status, `${method} ${url}`).toBe(401);
      }
    });
  });

  describe('the retention purge', () => {
    it('deletes forever, with their files, what has been in the trash longer than TRASH_RETENTION_DAYS, as system', async () => {
      const keysBeforeUpload = await t.objectKeys();
      const created = await uploadDocument('Expiring sheet', uniquePdf());
      const [fileKey] = (await t.objectKeys()).filter((key) => !keysBeforeUpload.includes(key));
      expect(fileKey).toMatch(/^documents\//);
      const term = (await (await call('POST', '/api/glossary', { body: { term: 'Expiring term', definition: 'Soon gone.' } })).json()) as GlossaryTerm;
      expect((await call('DELETE', `/api/documents/${created.id}`)).status).toBe(204);
      expect((await call('DELETE', `/api/glossary/${term.id}`)).status).toBe(204);

      const early = await sweepUploads(t.server.services, Date.now() + (RETENTION_DAYS - 1) * DAY_MS);
      expect(early.purgedFromTrash.document + early.purgedFromTrash.glossary).toBe(0);
      expect((await trash('?kind=document')).items.map((item) => item.id)).toContain(created.id);
      expect(await t.objectKeys()).toContain(fileKey);

      const late = await sweepUploads(t.server.services, Date.now() + (RETENTION_DAYS + 1) * DAY_MS);
      expect(late.purgedFromTrash.document).toBeGreaterThanOrEqual(1);
      expect(late.purgedFromTrash.glossary).toBeGreaterThanOrEqual(1);
      expect((await trash()).items).toEqual([]);
      expect((await trash()).total).toBe(0);
      expect(await t.objectKeys()).not.toContain(fileKey);
      const [documentPurge] = await auditRows('document.purge', created.id);
      expect(documentPurge).toMatchObject({ admin_name: 'system', admin_id: null, summary: 'Expiring sheet' });
      const [termPurge] = await auditRows('glossary.purge', term.id);
      expect(termPurge).toMatchObject({ admin_name: 'system', admin_id: null });
    });
  });

  describe('logins and the activity log', () => {
    it('audits a login, a failed login (known and unknown name) and a logout', async () => {
      const cookie = await loginCookie(second);
      const wrong = await call('POST', '/api/admin/login', { cookie: null, body: { username: second.username, password: 'not the password' } });
      expect(wrong.status).toBe(401);
      const unknown = await call('POST', '/api/admin/login', { cookie: null, body: { username: '=HYPERLINK("http://evil")', password: 'whatever it is' } });
      expect(unknown.status).toBe(401);
      expect((await call('POST', '/api/admin/logout', { cookie })).status).toBe(200);

      const secondId = Number((await db().selectFrom('admins').select('id').where('username', '=', second.username).executeTakeFirstOrThrow()).id);
      const logins = await db().selectFrom('audit_log').selectAll().where('admin_name', '=', second.username).where('entity_kind', '=', 'admin').orderBy('id').execute();
      expect(logins.map((row) => row.action).slice(-3)).toEqual(['admin.login', 'admin.login_failed', 'admin.logout']);
      expect(logins.at(-2)).toMatchObject({ admin_id: secondId });
      const [failedUnknown] = (await auditRows('admin.login_failed')).filter((row) => row.admin_name.startsWith('=HYPERLINK'));
      expect(failedUnknown).toMatchObject({ admin_id: null, admin_name: '=HYPERLINK("http://evil")' });
      expect(JSON.stringify(logins)).not.toMatch(/not the password|scrypt/);

      // A logout without a live session writes nothing.
      const count = (await auditRows('admin.logout')).length;
      expect((await call('POST', '/api/admin/logout', { cookie })).status).toBe(200);
      expect(await auditRows('admin.logout')).toHaveLength(count);
    });

    it('lists the log newest first with filters, pagination and the filter values; the CSV guards against formulas', async () => {
      const page = (await (await call('GET', '/api/admin/activity?pageSize=5')).json()) as ActivityPage;
      expect(page.items).toHaveLength(5);
      expect(page).toMatchObject({ page: 1, pageSize: 5 });
      expect(page.total).toBeGreaterThan(5);
      const ids = page.items.map((item) => item.id);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
      expect(page.admins).toEqual(expect.arrayContaining([documentsAdmin.username, second.username]));
      expect(page.kinds).toEqual(expect.arrayContaining(['admin', 'document', 'glossary']));
      const next = (await (await call('GET', '/api/admin/activity?pageSize=5&page=2')).json()) as ActivityPage;
      expect(next.items[0]?.id).toBeLessThan(ids.at(-1) ?? 0);

      const bySecond = (await (await call('GET', `/api/admin/activity?admin=${second.username}&kind=glossary&pageSize=200`)).json()) as ActivityPage;
      expect(bySecond.items.length).toBeGreaterThan(0);
      expect(bySecond.items.every((item: ActivityItem) => item.admin === second.username && item.kind === 'glossary')).toBe(true);
      expect(bySecond.items[0]).toMatchObject({ action: 'glossary.update', entityId: expect.any(String), before: expect.any(Object), after: expect.any(Object) });
      expect(new Date(bySecond.items[0]?.at ?? '').toISOString()).toBe(bySecond.items[0]?.at);
      const nobody = (await (await call('GET', '/api/admin/activity?admin=nobody-at-all')).json()) as ActivityPage;
      expect(nobody).toMatchObject({ items: [], total: 0 });
      for (const query of ['?page=0', '?pageSize=201', `?admin=${'x'.repeat(65)}`, '?kind=%07']) {
        expect((await call('GET', `/api/admin/activity${query}`)).status, query).toBe(400);
      }

      const csv = await call('GET', '/api/admin/activity.csv?kind=admin');
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
      const text = await csv.text();
      const [header, ...lines] = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(header).toBe('id,at,admin,action,kind,entity id,summary,before,after');
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every((line) => line.includes(',admin,') || line.includes('admin.'))).toBe(true);
      expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
      expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    });
  });

  describe('npm run admin', () => {
    const run = (args: string[], input = '') =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
        cwd: root,
        input,
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: t.server.database.url, NODE_ENV: 'test' },
      });

    it('audits each account change as cli, without a hash or a secret', async () => {
      expect(run(['create', 'cli-audited'], 'a long cli password\n').status).toBe(0);
      expect(run(['set-password', 'cli-audited'], 'another long password\n').status).toBe(0);
      expect(run(['totp', 'enable', 'cli-audited']).status).toBe(0);
      expect(run(['delete', 'cli-audited']).status).toBe(0);
      const rows = await db().selectFrom('audit_log').selectAll().where('entity_kind', '=', 'admin').where('summary', '=', 'cli-audited').orderBy('id').execute();
      expect(rows.map((row) => [row.action, row.admin_name, row.admin_id])).toEqual([
        ['admin.create', 'cli', null],
        ['admin.password', 'cli', null],
        ['admin.totp_enable', 'cli', null],
        ['admin.delete', 'cli', null],
      ]);
      expect(JSON.stringify(rows)).not.toMatch(/scrypt|long cli password|another long password|otpauth|secret/i);
      // Four CLI processes, each hashing a password or starting tsx: slow on a loaded machine.
    }, 90_000);
  });
});
