import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/services/auth/tokens.ts';
import { testDialects } from '../helpers/databases.ts';
import { type TestServer, startTestServer } from '../helpers/server.ts';

/**
 * Every admin-only endpoint, called three ways: with no session, with an expired session
 * and with a logged-out session. Each call must be answered 401 and change nothing.
 * A new admin endpoint belongs in this table.
 */
const SOME_UUID = '00000000-0000-4000-8000-000000000000';

const adminEndpoints: Array<{ method: string; path: string; body?: unknown; form?: boolean }> = [
  { method: 'POST', path: '/api/glossary', body: { term: 'X', definition: 'Y', category: 'general' } },
  { method: 'PUT', path: '/api/glossary/1', body: { term: 'X', definition: 'Y', category: 'general' } },
  { method: 'DELETE', path: '/api/glossary/1' },
  { method: 'GET', path: '/api/documents' },
  { method: 'POST', path: '/api/documents/upload', form: true },
  { method: 'PUT', path: '/api/documents/1', body: { title: 'X', description: '', category: 'articles', carouselImages: [] } },
  { method: 'DELETE', path: '/api/documents/1' },
  { method: 'POST', path: '/api/objects/upload' },
  { method: 'PUT', path: '/api/carousel-images', body: { imageURL: '/objects/uploads/x' } },
  { method: 'GET', path: '/api/admin/messages' },
  { method: 'GET', path: '/api/admin/demo-requests' },
  { method: 'GET', path: '/api/admin/messages.csv' },
  { method: 'GET', path: '/api/admin/demo-requests.csv' },
  { method: 'PATCH', path: '/api/admin/messages/1', body: { status: 'handled' } },
  { method: 'PATCH', path: '/api/admin/demo-requests/1', body: { status: 'handled' } },
  { method: 'DELETE', path: '/api/admin/messages/1' },
  { method: 'DELETE', path: '/api/admin/demo-requests/1' },
  // The trash and the audit log (docs/trash-and-audit.md).
  { method: 'GET', path: '/api/admin/trash' },
  { method: 'POST', path: '/api/admin/trash/glossary/1/restore' },
  { method: 'DELETE', path: '/api/admin/trash/glossary/1' },
  { method: 'POST', path: '/api/admin/trash/document/1/restore' },
  { method: 'DELETE', path: '/api/admin/trash/document/1' },
  { method: 'GET', path: '/api/admin/activity' },
  { method: 'GET', path: '/api/admin/activity.csv' },
  // Large files in parts (server/api/uploads.ts).
  { method: 'POST', path: '/api/uploads/s3/multipart', body: { filename: 'x.pdf', type: 'application/pdf', metadata: { title: 'X', category: 'articles' } } },
  { method: 'GET', path: `/api/uploads/s3/multipart/${SOME_UUID}?key=documents%2F${SOME_UUID}` },
  { method: 'GET', path: `/api/uploads/s3/multipart/${SOME_UUID}/1?key=documents%2F${SOME_UUID}` },
  { method: 'POST', path: `/api/uploads/s3/multipart/${SOME_UUID}/complete?key=documents%2F${SOME_UUID}`, body: { parts: [{ PartNumber: 1, ETag: 'x' }] } },
  { method: 'DELETE', path: `/api/uploads/s3/multipart/${SOME_UUID}?key=documents%2F${SOME_UUID}` },
  { method: 'GET', path: '/api/uploads/s3/params?filename=x.pdf&type=application%2Fpdf&metadata[title]=X&metadata[category]=articles' },
  { method: 'POST', path: `/api/uploads/s3/params/complete?key=uploads%2F${SOME_UUID}` },
  { method: 'GET', path: '/api/uploads/s3/sts' },
];

const admin = { username: 'guard-admin', password: 'guard admin password' };

describe.each(testDialects)('server-side enforcement on %s', (dialect) => {
  let server: TestServer;
  const cookies: Record<'none' | 'expired' | 'logged out', string | undefined> = {
    none: undefined,
    expired: undefined,
    'logged out': undefined,
  };

  async function login(): Promise<string> {
    const response = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(response.status).toBe(200);
    return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }

  beforeAll(async () => {
    server = await startTestServer(dialect, { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
    const expired = await login();
    await server.services.database.db
      .updateTable('admin_sessions')
      .set({ last_seen_at: Date.now() - 31 * 60_000 })
      .where('id_hash', '=', hashToken(expired.split('=')[1] ?? ''))
      .execute();
    cookies.expired = expired;
    const loggedOut = await login();
    await fetch(`${server.url}/api/admin/logout`, { method: 'POST', headers: { cookie: loggedOut } });
    cookies['logged out'] = loggedOut;
  });
  afterAll(async () => server?.close());

  const cases = adminEndpoints.flatMap((endpoint) =>
    (['none', 'expired', 'logged out'] as const).map((session) => ({ ...endpoint, session })),
  );

  it.each(cases)('$method $path with $session session answers 401', async ({ method, path, body, form, session }) => {
    const headers: Record<string, string> = {};
    const cookie = cookies[session];
    if (cookie) headers.cookie = cookie;
    let payload: BodyInit | undefined;
    if (form) {
      const data = new FormData();
      data.set('title', 'Sneaky');
      data.set('category', 'articles');
      data.set('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'sneaky.pdf');
      payload = data;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${server.url}${path}`, { method, headers, body: payload });
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('changed nothing: no term, document or lead was written by the refused calls', async () => {
    const { db } = server.services.database;
    const glossary = await db.selectFrom('glossary_terms').select('term').where('term', '=', 'X').execute();
    expect(glossary).toEqual([]);
    const documents = await db.selectFrom('documents').select('title').where('title', 'in', ['X', 'Sneaky']).execute();
    expect(documents).toEqual([]);
    expect(await db.selectFrom('uploads').select('id').execute()).toEqual([]);
    // Nothing went to the trash either, and no admin write was audited.
    expect(await db.selectFrom('glossary_terms').select('id').where('deleted_at', 'is not', null).execute()).toEqual([]);
    expect(await db.selectFrom('documents').select('id').where('deleted_at', 'is not', null).execute()).toEqual([]);
    const written = await db.selectFrom('audit_log').select('action').where('action', 'not in', ['admin.login', 'admin.logout', 'admin.create']).execute();
    expect(written).toEqual([]);
  });

  it('lets the same calls through with a live session (sanity check of the table)', async () => {
    const cookie = await login();
    const response = await fetch(`${server.url}/api/documents`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const messages = await fetch(`${server.url}/api/admin/messages`, { headers: { cookie } });
    expect(messages.status).toBe(200);
  });
});
