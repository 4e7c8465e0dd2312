import http from 'node:http';
import net from 'node:net';
import { type Kysely, sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import { findNotification } from '../../server/services/leads/outbox.ts';
import { type TestDatabase, createTestDatabase, testDialects } from '../helpers/databases.ts';
import { type TestServer, loginAdmin, startTestServer } from '../helpers/server.ts';

/**
 * Lead statuses with their history, each lead's notification states and the failing badge
 * (docs/leads.md, "The inbox"), on a real server and database of each dialect.
 */

const admin = { username: 'status-admin', password: 'status-admin-password-1' };

/** A loopback port with nothing listening on it: every SMTP attempt fails with ECONNREFUSED. */
async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** An SMTP sink on `port` that accepts every message. */
async function startSink(port: number) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

interface Notifications {
  email: { id: number | null; state: string; lastError: string | null; nextAttemptAt: string | null; attempts: number; dismissed: boolean };
  webhooks: unknown[];
}
interface Lead {
  id: number;
  firstName: string;
  status: string;
  notifications: Notifications;
}
interface Failing {
  count: number;
  items: Array<{ channel: string; id: number; leadKind: string | null; leadId: number | null; lastError: string | null; since: string }>;
}

describe.each(testDialects)('lead notification states and the failing badge on %s', (dialect) => {
  let server: TestServer;
  let cookie = '';
  let smtpPort = 0;
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    smtpPort = await unusedPort();
    server = await startTestServer(dialect, {
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LEADS_RATE_LIMIT: '0',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LEADS_NOTIFY_TO: 'sales@vpv-energy.example',
    });
    cookie = await loginAdmin(server.url, admin);
  });
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });
  afterAll(async () => server?.close());

  const asAdmin = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { ...init, headers: { ...(init.headers ?? {}), cookie } });
  const db = () => server.services.database.db;

  async function postContact(firstName: string): Promise<number> {
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName, lastName: 'Mailless', company: 'Cryo Co', email: 'lead@example.com', message: 'Call me.' }),
    });
    expect(response.status).toBe(201);
    const row = await db().selectFrom('contact_messages').select('id').where('first_name', '=', firstName).executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Waits for the background sender's first (failing) attempt. */
  async function firstAttemptFailed(leadId: number) {
    return vi.waitFor(
      async () => {
        const row = await findNotification(db(), 'contact', leadId);
        if (!row || Number(row.attempts) < 1 || row.status !== 'pending') throw new Error('not attempted yet');
        return row;
      },
      { timeout: 10_000, interval: 50 },
    );
  }

  async function leadById(id: number): Promise<Lead | undefined> {
    const page = (await (await asAdmin('/api/admin/messages?pageSize=100')).json()) as { items: Lead[] };
    return page.items.find((item) => item.id === id);
  }

  const failing = async () => (await (await asAdmin('/api/admin/notifications/failing')).json()) as Failing;

  it('shows a failing e-mail with its last error and next try, in the lead and on the badge, until an admin dismisses it', async () => {
    const id = await postContact('Fay');
    await firstAttemptFailed(id);

    const lead = await leadById(id);
    expect(lead?.notifications.email).toMatchObject({ state: 'failing', attempts: 1, dismissed: false });
    expect(lead?.notifications.email.lastError).toMatch(/ECONNREFUSED|connect/i);
    const next = new Date(lead?.notifications.email.nextAttemptAt ?? '').getTime();
    expect(next).toBeGreaterThan(Date.now() + 10_000);

    const list = await failing();
    expect(list.count).toBe(1);
    expect(list.items).toEqual([
      { channel: 'email', id: lead?.notifications.email.id, leadKind: 'contact', leadId: id, lastError: expect.stringMatching(/ECONNREFUSED|connect/i), since: expect.any(String) },
    ]);

    // The badge on every admin page (the root's data) and the list on the inbox.
    const knowledgeBase = await (await asAdmin('/knowledge-base')).text();
    expect(knowledgeBase.includes('1 delivery failing')).toBe(true);
    const inbox = await (await asAdmin('/admin/leads')).text();
    expect(inbox.includes('Failing deliveries')).toBe(true);
    expect(inbox.includes('E-mail to sales: failing')).toBe(true);
    // Visitors never see it.
    expect((await (await fetch(`${server.url}/knowledge-base`)).text()).includes('delivery failing')).toBe(false);

    const emailId = lead?.notifications.email.id;
    const dismissed = await asAdmin(`/api/admin/notifications/email/${emailId}/dismiss`, { method: 'POST' });
    expect(dismissed.status).toBe(204);
    expect(await failing()).toEqual({ count: 0, items: [] });
    expect((await (await asAdmin('/knowledge-base')).text()).includes('delivery failing')).toBe(false);
    // The lead still says what happened, and that it was dismissed.
    expect((await leadById(id))?.notifications.email).toMatchObject({ state: 'failing', dismissed: true });
    // Dismissing again, or something that is not failing, is a 404.
    expect((await asAdmin(`/api/admin/notifications/email/${emailId}/dismiss`, { method: 'POST' })).status).toBe(404);
    expect((await asAdmin('/api/admin/notifications/email/999999/dismiss', { method: 'POST' })).status).toBe(404);
    expect((await asAdmin('/api/admin/notifications/fax/1/dismiss', { method: 'POST' })).status).toBe(404);
    expect((await asAdmin('/api/admin/notifications/email/abc/dismiss', { method: 'POST' })).status).toBe(404);

    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'notification.dismiss').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_name: admin.username, entity_kind: 'notification', entity_id: `email:${emailId}` });
  });

  it('counts an e-mail that failed for good, leaves out a trashed lead, and clears once the e-mail is sent', async () => {
    const id = await postContact('Gil');
    const row = await firstAttemptFailed(id);
    await db().updateTable('lead_notifications').set({ status: 'failed' }).where('id', '=', row.id).execute();
    expect((await leadById(id))?.notifications.email).toMatchObject({ state: 'failed', nextAttemptAt: null });
    expect((await failing()).items.map((item) => item.leadId)).toEqual([id]);

    // In the trash: off the badge; restored: on it again.
    expect((await asAdmin(`/api/admin/messages/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await failing()).count).toBe(0);
    expect((await asAdmin(`/api/admin/trash/contact/${id}/restore`, { method: 'POST' })).status).toBe(200);
    expect((await failing()).count).toBe(1);

    // The SMTP server comes back and the retry goes through: sent, and off the badge.
    await db().updateTable('lead_notifications').set({ status: 'pending', next_attempt_at: 0 }).where('id', '=', row.id).execute();
    cleanups.push(await startSink(smtpPort));
    expect(await server.services.leads.notifier?.runOnce(Date.now())).toBe(1);
    const lead = await leadById(id);
    expect(lead?.notifications.email).toMatchObject({ state: 'sent', lastError: null, nextAttemptAt: null });
    expect((await failing()).count).toBe(0);
  });

  it('says queued for an e-mail not yet tried', async () => {
    const id = await postContact('Hal');
    const row = await firstAttemptFailed(id);
    await db().updateTable('lead_notifications').set({ status: 'pending', last_error: null, attempts: 0 }).where('id', '=', row.id).execute();
    expect((await leadById(id))?.notifications.email).toMatchObject({ state: 'pending', lastError: null, attempts: 0 });
    expect((await failing()).items.map((item) => item.leadId)).not.toContain(id);
  });

  it('answers visitors 401 on the failing list and on dismiss', async () => {
    expect((await fetch(`${server.url}/api/admin/notifications/failing`)).status).toBe(401);
    const dismiss = await fetch(`${server.url}/api/admin/notifications/email/1/dismiss`, { method: 'POST' });
    expect(dismiss.status).toBe(401);
    expect(dismiss.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe.each(testDialects)('the lead statuses migration on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(async () => database?.destroy());

  it('renames pending to new and handled to closed, keeps every row, id and index, and refuses the old names after', async () => {
    database = await createTestDatabase(dialect);
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '2026-11-26-014'));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of the schema as it was before this migration
    const db = database.handle.db as unknown as Kysely<any>;
    await migrateToLatest(db, before);
    const message = (firstName: string, status: string) => ({
      first_name: firstName,
      last_name: 'L',
      company: 'C',
      email: 'e@example.com',
      message: 'm',
      status,
      created_at: 1_700_000_000_000,
    });
    const insert = async (firstName: string, status: string) =>
      Number((await db.insertInto('contact_messages').values(message(firstName, status)).returning('id').executeTakeFirstOrThrow()).id);
    const ids = [await insert('F1', 'pending'), await insert('F2', 'handled'), await insert('F3', 'pending')];
    await db
      .insertInto('demo_requests')
      .values({ name: 'D', phone: '+1 888 555 0148', email: 'd@example.com', company: 'C', title: null, notes: null, status: 'handled', created_at: 1 })
      .execute();
    // A lead deleted forever before the migration: its id is never given again.
    const gone = await insert('F4', 'pending');
    await db.deleteFrom('contact_messages').where('id', '=', gone).execute();

    expect(await migrateToLatest(db)).toContain('2026-11-26-014-lead-statuses');

    const rows = await db.selectFrom('contact_messages').select(['id', 'first_name', 'status', 'deleted_at']).orderBy('id').execute();
    expect(rows.map((row) => [Number(row.id), row.first_name, row.status, row.deleted_at])).toEqual([
      [ids[0], 'F1', 'new', null],
      [ids[1], 'F2', 'closed', null],
      [ids[2], 'F3', 'new', null],
    ]);
    expect((await db.selectFrom('demo_requests').select('status').executeTakeFirstOrThrow()).status).toBe('closed');

    // New rows default to 'new' and continue the ids; the old names are refused now.
    const inserted = await db
      .insertInto('contact_messages')
      .values({ first_name: 'N', last_name: 'L', company: 'C', email: 'e@example.com', message: 'm', created_at: 5 })
      .returning(['id', 'status'])
      .executeTakeFirstOrThrow();
    expect(inserted.status).toBe('new');
    expect(Number(inserted.id)).toBeGreaterThan(gone);
    await expect(db.insertInto('contact_messages').values(message('Old', 'pending')).execute()).rejects.toThrow();
    await expect(db.insertInto('demo_requests').values({ name: 'X', phone: '1234567', email: 'x@example.com', company: 'C', status: 'handled', created_at: 1 }).execute()).rejects.toThrow();

    const indexes = await indexNames(db, dialect);
    for (const name of ['contact_messages_status_created_idx', 'contact_messages_created_idx', 'contact_messages_deleted_idx', 'demo_requests_status_created_idx']) {
      expect(indexes).toContain(name);
    }
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).toContain('lead_status_changes');
    expect(tables).not.toContain('contact_messages_014');
    const notificationColumns = (await db.introspection.getTables()).find((table) => table.name === 'lead_notifications')?.columns.map((column) => column.name);
    expect(notificationColumns).toEqual(expect.arrayContaining(['dismissed_at', 'dismissed_by']));
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- catalog queries below the app's types
async function indexNames(db: Kysely<any>, dialect: string): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db)).rows
      : (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db)).rows;
  return rows.map((row) => row.name);
}

describe.each(testDialects)('webhook delivery states in the inbox on %s', (dialect) => {
  let server: TestServer;
  let cookie = '';
  const receivers: http.Server[] = [];
  let okPort = 0;
  let failingPort = 0;

  /** A loopback webhook receiver answering every delivery with `status`. */
  async function receiver(status: number): Promise<number> {
    const listener = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'receiver broken'));
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    receivers.push(listener);
    return (listener.address() as net.AddressInfo).port;
  }

  beforeAll(async () => {
    okPort = await receiver(200);
    failingPort = await receiver(500);
    server = await startTestServer(dialect, {
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LEADS_RATE_LIMIT: '0',
      WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${okPort}, 127.0.0.1:${failingPort}`,
    });
    cookie = await loginAdmin(server.url, admin);
  });
  afterAll(async () => {
    await server?.close();
    for (const listener of receivers) await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  const asAdmin = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}), cookie } });

  it('shows a delivered and a failing webhook on the lead, puts the failing one on the badge, and Dismiss takes it off', async () => {
    for (const port of [okPort, failingPort]) {
      const created = await asAdmin('/api/admin/webhooks', {
        method: 'POST',
        body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, events: ['lead.contact_message.created'] }),
      });
      expect(created.status).toBe(201);
    }
    const posted = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Web', lastName: 'Hooked', company: 'Cryo Co', email: 'web@example.com', message: 'Hello.' }),
    });
    expect(posted.status).toBe(201);

    type Webhook = { id: number; url: string; eventType: string; state: string; lastError: string | null; nextAttemptAt: string | null; dismissed: boolean };
    const webhooksOfLead = async () => {
      const page = (await (await asAdmin('/api/admin/messages')).json()) as { items: Array<{ id: number; notifications: { webhooks: Webhook[] } }> };
      return { id: page.items[0]?.id ?? 0, webhooks: page.items[0]?.notifications.webhooks ?? [] };
    };
    const settled = await vi.waitFor(
      async () => {
        const lead = await webhooksOfLead();
        const states = lead.webhooks.map((webhook) => webhook.state).sort();
        if (states.join() !== 'delivered,failing') throw new Error(`not yet: ${states.join()}`);
        return lead;
      },
      { timeout: 15_000, interval: 100 },
    );
    const delivered = settled.webhooks.find((webhook) => webhook.state === 'delivered');
    const failingOne = settled.webhooks.find((webhook) => webhook.state === 'failing');
    expect(delivered).toMatchObject({ url: `http://127.0.0.1:${okPort}/hook`, eventType: 'lead.contact_message.created', lastError: null, nextAttemptAt: null });
    expect(failingOne).toMatchObject({ url: `http://127.0.0.1:${failingPort}/hook`, dismissed: false });
    expect(failingOne?.lastError).toMatch(/500/);
    expect(failingOne?.nextAttemptAt).not.toBeNull();

    const failing = (await (await asAdmin('/api/admin/notifications/failing')).json()) as Failing;
    expect(failing.items).toContainEqual(
      expect.objectContaining({ channel: 'webhook', id: failingOne?.id, leadKind: 'contact', leadId: settled.id, lastError: expect.stringMatching(/500/) }),
    );
    expect(failing.count).toBe(failing.items.length);

    expect((await asAdmin(`/api/admin/notifications/webhook/${delivered?.id}/dismiss`, { method: 'POST' })).status).toBe(404);
    expect((await asAdmin(`/api/admin/notifications/webhook/${failingOne?.id}/dismiss`, { method: 'POST' })).status).toBe(204);
    const after = (await (await asAdmin('/api/admin/notifications/failing')).json()) as Failing;
    expect(after.items.find((item) => item.channel === 'webhook')).toBeUndefined();
    expect((await webhooksOfLead()).webhooks.find((webhook) => webhook.id === failingOne?.id)).toMatchObject({ dismissed: true });
  });
});
