import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases.ts';
import { expectInvalidInput } from '../helpers/invalid-input.ts';
import { type TestServer, startTestServer } from '../helpers/server.ts';

const admin = { username: 'inbox-admin', password: 'inbox-admin-password-1' };

interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}
interface Message {
  id: number;
  firstName: string;
  company: string;
  status: string;
  createdAt: string;
  message: string;
}

const inboxEndpoints = [
  ['GET', '/api/admin/messages'],
  ['GET', '/api/admin/demo-requests'],
  ['GET', '/api/admin/messages.csv'],
  ['GET', '/api/admin/demo-requests.csv'],
  ['PATCH', '/api/admin/messages/1'],
  ['PATCH', '/api/admin/demo-requests/1'],
  ['GET', '/api/admin/notifications/failing'],
  ['POST', '/api/admin/notifications/email/1/dismiss'],
] as const;

describe.each(testDialects)('the lead inbox API on %s', (dialect) => {
  let server: TestServer;
  /** The admin's session cookie, or null while admin login is not available (404). */
  let cookie: string | null = null;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LEADS_RATE_LIMIT: '0',
    });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    if (login.status !== 404) {
      expect(login.status).toBe(200);
      cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? null;
    }

    // Three messages, oldest first, and two demo requests.
    for (const [firstName, company] of [
      ['Ann', 'Alpha Gas'],
      ['Ben', '=HYPERLINK("http://evil.example","Click")'],
      ['Cy', 'Comma, "Quote" & Co'],
    ] as const) {
      const response = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName,
          lastName: 'Tester',
          company,
          email: `${firstName.toLowerCase()}@example.com`,
          message: `Hello from ${firstName}.\nSecond line.`,
        }),
      });
      expect(response.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const name of ['Dee', 'Eve']) {
      const response = await fetch(`${server.url}/api/request-demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, phone: '+1 888 555 0148', email: 'demo@example.com', company: '@Risky', notes: '-1+1' }),
      });
      expect(response.status).toBe(201);
    }
  });
  afterAll(async () => server?.close());

  const asAdmin = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, { ...init, headers: { ...(init.headers ?? {}), cookie: cookie ?? '' } });
  const patch = (path: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    asAdmin(path, { method: 'PATCH', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

  it.each(inboxEndpoints)('answers a visitor %s %s with 401', async (method, path) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'PATCH' ? JSON.stringify({ status: 'handled' }) : undefined,
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('serves the /admin/leads page to visitors as a 401 with no-store and noindex', async () => {
    const response = await fetch(`${server.url}/admin/leads`);
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('Admin login required');
    expect(html).not.toContain('ann@example.com');
  });

  it('renders the /admin/leads page for the admin, uncached, with the leads in full', async (context) => {
    if (!cookie) context.skip();
    const response = await asAdmin('/admin/leads');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('ann@example.com');
    expect(html).toContain('Hello from Cy.\nSecond line.');
    const demos = await (await asAdmin('/admin/leads?tab=demo-requests')).text();
    expect(demos).toContain('Dee');
    expect(demos).not.toContain('ann@example.com');
  });

  it('lists contact messages newest first with page, pageSize and total', async (context) => {
    if (!cookie) context.skip();
    const response = await asAdmin('/api/admin/messages');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const page = (await response.json()) as Page<Message>;
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 3 });
    expect(page.items.map((item) => item.firstName)).toEqual(['Cy', 'Ben', 'Ann']);
    expect(page.items[0]).toMatchObject({ lastName: 'Tester', email: 'cy@example.com', status: 'new', statusHistory: [] });
    // No SMTP configured: nobody is e-mailed, and the inbox says so.
    expect(page.items[0]).toMatchObject({ notifications: { email: { state: 'none', lastError: null, nextAttemptAt: null, attempts: 0 }, webhooks: [] } });
    expect(page.items[0]?.message).toBe('Hello from Cy.\nSecond line.');
    expect(new Date(page.items[0]?.createdAt ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);

    const second = (await (await asAdmin('/api/admin/messages?page=2&pageSize=2')).json()) as Page<Message>;
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(second.items.map((item) => item.firstName)).toEqual(['Ann']);
  });

  it('lists demo requests', async (context) => {
    if (!cookie) context.skip();
    const page = (await (await asAdmin('/api/admin/demo-requests')).json()) as Page<{ name: string; title: null }>;
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.name)).toEqual(['Eve', 'Dee']);
    expect(page.items[0]).toMatchObject({ phone: '+1 888 555 0148', title: null, notes: '-1+1', status: 'new' });
  });

  it.for(['page=0', 'page=abc', 'pageSize=0', 'pageSize=101', 'status=archived', 'page=1.5'])(
    'answers a bad query (%s) with 400',
    async (query, context) => {
      if (!cookie) context.skip();
      const response = await asAdmin(`/api/admin/messages?${query}`);
      expect(response.status).toBe(400);
      await expectInvalidInput(response, [query.split('=')[0] ?? '']);
    },
  );

  it('moves a message through New, Contacted, Qualified and Closed, with each change dated and signed, and filters by status', async (context) => {
    if (!cookie) context.skip();
    const list = (await (await asAdmin('/api/admin/messages')).json()) as Page<Message>;
    const ann = list.items.find((item) => item.firstName === 'Ann');
    const before = Date.now();
    const contacted = await patch(`/api/admin/messages/${ann?.id}`, { status: 'contacted' });
    expect(contacted.status).toBe(200);
    const body = (await contacted.json()) as Message & { statusHistory: Array<{ status: string; previousStatus: string; at: string; by: string }> };
    expect(body).toMatchObject({ id: ann?.id, status: 'contacted' });
    expect(body.statusHistory).toEqual([{ status: 'contacted', previousStatus: 'new', at: expect.any(String), by: admin.username }]);
    const at = new Date(body.statusHistory[0]?.at ?? '').getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThanOrEqual(Date.now() + 1);

    expect((await patch(`/api/admin/messages/${ann?.id}`, { status: 'qualified' })).status).toBe(200);
    // Setting the status it already has records nothing.
    expect((await patch(`/api/admin/messages/${ann?.id}`, { status: 'qualified' })).status).toBe(200);

    const onlyQualified = (await (await asAdmin('/api/admin/messages?status=qualified')).json()) as Page<Message & { statusHistory: unknown[] }>;
    expect(onlyQualified.total).toBe(1);
    expect(onlyQualified.items[0]?.firstName).toBe('Ann');
    expect(onlyQualified.items[0]?.statusHistory).toEqual([
      expect.objectContaining({ status: 'qualified', previousStatus: 'contacted', by: admin.username }),
      expect.objectContaining({ status: 'contacted', previousStatus: 'new', by: admin.username }),
    ]);
    const onlyNew = (await (await asAdmin('/api/admin/messages?status=new')).json()) as Page<Message>;
    expect(onlyNew.items.map((item) => item.firstName)).toEqual(['Cy', 'Ben']);
    expect(((await (await asAdmin('/api/admin/messages?status=contacted')).json()) as Page<Message>).total).toBe(0);

    // Each change is also one audit row, with the status only.
    const audit = await server.services.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'lead.status')
      .where('entity_id', '=', String(ann?.id))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => [row.admin_name, JSON.parse(row.before ?? ''), JSON.parse(row.after ?? '')])).toEqual([
      [admin.username, { status: 'new' }, { status: 'contacted' }],
      [admin.username, { status: 'contacted' }, { status: 'qualified' }],
    ]);

    const closed = await patch(`/api/admin/messages/${ann?.id}`, { status: 'closed' });
    expect(await closed.json()).toMatchObject({ status: 'closed' });
    const back = await patch(`/api/admin/messages/${ann?.id}`, { status: 'new' });
    expect(((await back.json()) as { statusHistory: unknown[] }).statusHistory).toHaveLength(4);
  });

  it('takes the old statuses as aliases: pending is new, handled is closed, in PATCH and in the filter', async (context) => {
    if (!cookie) context.skip();
    const list = (await (await asAdmin('/api/admin/messages')).json()) as Page<Message>;
    const ben = list.items.find((item) => item.firstName === 'Ben');
    const handled = await patch(`/api/admin/messages/${ben?.id}`, { status: 'handled' });
    expect(handled.status).toBe(200);
    expect(await handled.json()).toMatchObject({ id: ben?.id, status: 'closed', statusHistory: [expect.objectContaining({ status: 'closed', previousStatus: 'new' })] });
    const onlyHandled = (await (await asAdmin('/api/admin/messages?status=handled')).json()) as Page<Message>;
    expect(onlyHandled.items.map((item) => item.firstName)).toEqual(['Ben']);
    const pending = await patch(`/api/admin/messages/${ben?.id}`, { status: 'pending' });
    expect(await pending.json()).toMatchObject({ status: 'new' });
  });

  it('marks a demo request handled (closed)', async (context) => {
    if (!cookie) context.skip();
    const list = (await (await asAdmin('/api/admin/demo-requests')).json()) as Page<{ id: number }>;
    const response = await patch(`/api/admin/demo-requests/${list.items[0]?.id}`, { status: 'handled' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'closed' });
  });

  it('answers an unknown id with 404, a bad status with 400 and a wrong content type with 415', async (context) => {
    if (!cookie) context.skip();
    expect((await patch('/api/admin/messages/999999', { status: 'handled' })).status).toBe(404);
    expect((await patch('/api/admin/demo-requests/999999', { status: 'handled' })).status).toBe(404);
    expect((await patch('/api/admin/messages/abc', { status: 'handled' })).status).toBe(404);
    expect((await patch('/api/admin/messages/99999999999999999999', { status: 'handled' })).status).toBe(404);
    expect((await patch('/api/admin/messages/1', { status: 'archived' })).status).toBe(400);
    expect((await patch('/api/admin/messages/1', {})).status).toBe(400);
    expect((await patch('/api/admin/messages/1', '{"status":')).status).toBe(400);
    await expectInvalidInput(await patch('/api/admin/messages/1', { status: 'archived' }), ['status']);
    await expectInvalidInput(await patch('/api/admin/messages/1', '{"status":'), []);
    expect((await patch('/api/admin/messages/1', 'status=handled', { 'content-type': 'text/plain' })).status).toBe(415);
  });

  it('exports contact messages as CSV with quoting and formula injection neutralised', async (context) => {
    if (!cookie) context.skip();
    const response = await asAdmin('/api/admin/messages.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="contact-messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = await response.text();
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,received,status,status changed,changed by,first name,last name,company,email,message');
    // Ann went back to new last, by the admin; Cy was never changed.
    const ann = lines.find((line) => line.includes(',Ann,'));
    expect(ann).toMatch(new RegExp(`^\\d+,[^,]+,new,\\d{4}-\\d{2}-\\d{2}T[^,]+Z,${admin.username},Ann,Tester,`));
    expect(lines.find((line) => line.includes(',Cy,'))).toMatch(/^\d+,[^,]+,new,,,Cy,Tester,/);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csv).toContain('"Comma, ""Quote"" & Co"');
    // A message with a line break stays one quoted cell.
    expect(csv).toContain('"Hello from Cy.\nSecond line."');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('exports demo requests as CSV, filtered by status', async (context) => {
    if (!cookie) context.skip();
    const response = await asAdmin('/api/admin/demo-requests.csv?status=new');
    expect(response.headers.get('content-disposition')).toMatch(/filename="demo-requests-/);
    const csv = await response.text();
    const rows = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toBe('id,received,status,status changed,changed by,name,title,company,phone,email,notes');
    expect(rows).toHaveLength(2);
    const closed = (await (await asAdmin('/api/admin/demo-requests.csv?status=closed')).text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(closed).toHaveLength(2);
    expect(closed[1]).toMatch(new RegExp(`^\\d+,[^,]+,closed,[^,]+Z,${admin.username},Eve,`));
    // Guarded cells are also quoted (OWASP: prefix with ' and wrap in double quotes).
    expect(rows[1]).toContain(`,"'@Risky","'+1 888 555 0148",demo@example.com,"'-1+1"`);
  });
});
