import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookEndpointWithSecret } from '../../domain/webhooks.ts';
import { LEAD_GONE_ERROR, claimNotification, findNotification, markLeadGone } from '../../server/services/leads/outbox.ts';
import { testDialects } from '../helpers/databases.ts';
import { type TestServer, loginAdmin, startTestServer } from '../helpers/server.ts';
import { type Receiver, startReceiver } from '../helpers/webhook-receiver.ts';

/**
 * A lead trashed before its e-mail to sales or its webhook went out, then restored
 * (docs/trash-and-audit.md, "A lead's e-mail and webhooks"; issue 36): the restore queues what
 * was never sent, once, and nothing already sent goes out again. A real SMTP server and a real
 * webhook receiver (verifying with the Standard Webhooks library) on loopback; the senders are
 * stopped and driven by hand, so "before it went out" is exact.
 */

const admin = { username: 'restore-admin', password: 'restore admin password' };
const HOUR = 60 * 60_000;

/** An SMTP server on loopback that keeps every message it accepts. */
async function startSink() {
  const delivered: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        delivered.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, delivered, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects)('restoring a lead queues what was never sent, on %s', (dialect) => {
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof startSink>>;
  let receiver: Receiver;
  let cookie = '';
  let endpoint: WebhookEndpointWithSecret;
  let serial = 0;

  beforeAll(async () => {
    sink = await startSink();
    receiver = await startReceiver();
    server = await startTestServer(dialect, {
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LEADS_RATE_LIMIT: '0',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      LEADS_NOTIFY_TO: 'sales@vpv-energy.example',
      WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
    });
    cookie = await loginAdmin(server.url, admin);
    const response = await call('POST', '/api/admin/webhooks', {
      url: receiver.url,
      description: 'CRM',
      events: ['lead.contact_message.created', 'lead.demo_request.created', 'lead.status_changed'],
    });
    expect(response.status).toBe(201);
    endpoint = (await response.json()) as WebhookEndpointWithSecret;
    receiver.secrets.push(endpoint.secret);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
    await receiver?.close();
  });
  beforeEach(async () => {
    // Nothing goes out unless a test says so: the e-mail notifier and the webhook sender are stopped.
    await notifier().stop();
    await sender().stop();
    receiver.answers.length = 0;
  });

  const db = () => server.services.database.db;
  const notifier = () => {
    const found = server.services.leads.notifier;
    if (!found) throw new Error('the notifier is not configured');
    return found;
  };
  const sender = () => server.services.webhooks.sender;
  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** A new contact message; its id, its e-mail's marker (the message text) and its webhook-id. */
  async function postLead() {
    serial++;
    const message = `Restore check number ${serial}-${dialect}.`;
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Rita', lastName: `Store${serial}`, company: 'Back Again Gas', email: `rita${serial}@example.com`, message }),
    });
    expect(response.status).toBe(201);
    const row = await db().selectFrom('contact_messages').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const id = Number(row.id);
    return { id, message, messageId: `msg_contact_${id}` };
  }
  const trashLead = async (id: number) => expect((await call('DELETE', `/api/admin/messages/${id}`)).status).toBe(204);
  const restoreLead = async (id: number) => (await call('POST', `/api/admin/trash/contact/${id}/restore`)).status;
  const emailsAbout = (marker: string) => sink.delivered.filter((raw) => raw.replace(/=\r\n/g, '').includes(marker)).length;
  const webhooksAbout = (messageId: string) => receiver.received.filter((request) => request.id === messageId);
  const emailRow = async (id: number) => {
    const row = await findNotification(db(), 'contact', id);
    if (!row) throw new Error(`no e-mail row for lead ${id}`);
    return row;
  };
  const deliveriesOf = (id: number) =>
    db().selectFrom('webhook_deliveries').selectAll().where('lead_kind', '=', 'contact').where('lead_id', '=', id).orderBy('id').execute();

  /** The notifier takes one look at the due e-mails (a trashed lead's is held), then stops again. */
  async function notifierLooks(now = Date.now()) {
    notifier().start();
    const sent = await notifier().runOnce(now);
    await notifier().stop();
    return sent;
  }

  /** Lets the e-mail notifier and the webhook sender send what is due, and checks they are done. */
  async function sendersRun(now = Date.now()) {
    notifier().start();
    await notifier().runOnce(now);
    await notifier().stop();
    await sender().runOnce(now);
  }

  it('sends the e-mail and lead.created once when a lead trashed before they went out is restored', async () => {
    const lead = await postLead();
    expect((await deliveriesOf(lead.id)).map((delivery) => [delivery.status, delivery.next_attempt_at !== null])).toEqual([['pending', true]]);

    await trashLead(lead.id);
    // In the trash: the delivery is held (no next attempt) and the sender takes nothing, even much later.
    expect((await deliveriesOf(lead.id))[0]).toMatchObject({ status: 'pending', next_attempt_at: null });
    expect(await sender().runOnce(Date.now() + 48 * HOUR)).toBe(0);
    // The notifier finds the lead gone and holds its e-mail.
    expect(await notifierLooks()).toBe(0);
    expect(await emailRow(lead.id)).toMatchObject({ status: 'failed', last_error: LEAD_GONE_ERROR, sent_at: null });
    expect(emailsAbout(lead.message)).toBe(0);
    expect(webhooksAbout(lead.messageId)).toEqual([]);

    expect(await restoreLead(lead.id)).toBe(200);
    // Queued again in the restore's transaction: due now, the notifier's look given back.
    expect(await emailRow(lead.id)).toMatchObject({ status: 'pending', last_error: null, attempts: 0 });
    expect(Number((await deliveriesOf(lead.id))[0]?.next_attempt_at)).toBeGreaterThan(0);

    await sendersRun();
    expect(emailsAbout(lead.message)).toBe(1);
    expect(await emailRow(lead.id)).toMatchObject({ status: 'sent', attempts: 1 });
    // The original event: lead.created with its own webhook-id, signed and verified by the receiver.
    const [received, ...more] = webhooksAbout(lead.messageId);
    expect(more).toEqual([]);
    expect(received?.payload.type).toBe('lead.contact_message.created');
    expect(received?.payload.data).toMatchObject({ kind: 'contact', id: lead.id, status: 'new' });
    expect(received?.verifiedWith).toEqual([true]);

    // A second restore finds nothing in the trash; trash and restore again send nothing more.
    expect(await restoreLead(lead.id)).toBe(404);
    await trashLead(lead.id);
    expect(await notifierLooks()).toBe(0);
    expect(await restoreLead(lead.id)).toBe(200);
    await sendersRun(Date.now() + 48 * HOUR);
    expect(emailsAbout(lead.message)).toBe(1);
    expect(webhooksAbout(lead.messageId)).toHaveLength(1);
    expect((await deliveriesOf(lead.id)).map((delivery) => delivery.status)).toEqual(['delivered']);
  });

  it('sends nothing again when a lead is trashed and restored after its e-mail and webhook went out', async () => {
    const lead = await postLead();
    await sendersRun();
    expect(emailsAbout(lead.message)).toBe(1);
    expect(webhooksAbout(lead.messageId)).toHaveLength(1);

    await trashLead(lead.id);
    expect(await notifierLooks()).toBe(0);
    expect(await restoreLead(lead.id)).toBe(200);
    await sendersRun(Date.now() + 48 * HOUR);
    expect(emailsAbout(lead.message)).toBe(1);
    expect(webhooksAbout(lead.messageId)).toHaveLength(1);
    expect(await emailRow(lead.id)).toMatchObject({ status: 'sent' });
  });

  it('sends once after trash, restore, trash, restore with the notifier looking while it is in the trash', async () => {
    const lead = await postLead();
    await trashLead(lead.id);
    expect(await notifierLooks()).toBe(0);
    expect(await restoreLead(lead.id)).toBe(200);
    await trashLead(lead.id);
    expect(await notifierLooks()).toBe(0);
    expect(await emailRow(lead.id)).toMatchObject({ status: 'failed', last_error: LEAD_GONE_ERROR });
    expect(await restoreLead(lead.id)).toBe(200);
    expect(await restoreLead(lead.id)).toBe(404);

    await sendersRun();
    await sendersRun(Date.now() + 48 * HOUR);
    expect(emailsAbout(lead.message)).toBe(1);
    expect(await emailRow(lead.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(webhooksAbout(lead.messageId)).toHaveLength(1);
    expect((await deliveriesOf(lead.id)).map((delivery) => delivery.status)).toEqual(['delivered']);
  });

  it('sends once a lead trashed and restored before any sender looked', async () => {
    const lead = await postLead();
    await trashLead(lead.id);
    expect(await restoreLead(lead.id)).toBe(200);
    await sendersRun();
    await sendersRun(Date.now() + 48 * HOUR);
    expect(emailsAbout(lead.message)).toBe(1);
    expect(webhooksAbout(lead.messageId)).toHaveLength(1);
  });

  it('queues the e-mail when the restore commits between the notifier finding the lead gone and holding the e-mail', async () => {
    const lead = await postLead();
    await trashLead(lead.id);
    // The notifier's claim, and its look at the lead (gone)…
    const claimed = await claimNotification(db(), Number((await emailRow(lead.id)).id), Date.now(), 60_000);
    expect(claimed).not.toBeNull();
    // …then the restore, which finds the e-mail still being sent and leaves it…
    expect(await restoreLead(lead.id)).toBe(200);
    expect(await emailRow(lead.id)).toMatchObject({ status: 'sending' });
    // …then the notifier holds it, sees the lead is back and queues it after all.
    if (claimed) await markLeadGone(db(), claimed, Date.now());
    expect(await emailRow(lead.id)).toMatchObject({ status: 'pending', last_error: null, attempts: 0 });
    await sendersRun();
    await sendersRun(Date.now() + HOUR);
    expect(emailsAbout(lead.message)).toBe(1);
  });

  it('wakes the senders at the restore: both go out without a poll', async () => {
    const lead = await postLead();
    await trashLead(lead.id);
    expect(await notifierLooks()).toBe(0);
    // Polling again (their next look is a poll interval away): the restore's wake sends at once.
    notifier().start();
    sender().start();
    await sleep(100);
    expect(await restoreLead(lead.id)).toBe(200);
    await vi.waitFor(
      () => {
        expect(emailsAbout(lead.message)).toBe(1);
        expect(webhooksAbout(lead.messageId)).toHaveLength(1);
      },
      { timeout: 5000, interval: 50 },
    );
  });

  it('takes a trashed lead’s failing delivery off the badge until the restore, and a purge deletes what was held', async () => {
    const lead = await postLead();
    receiver.answers.push({ status: 500, body: 'down' });
    await sender().runOnce();
    const failingCount = async () => ((await (await call('GET', '/api/admin/notifications/failing')).json()) as { count: number }).count;
    const failing = async () =>
      ((await (await call('GET', '/api/admin/notifications/failing')).json()) as { items: Array<{ leadId: number | null; channel: string }> }).items.filter(
        (item) => item.leadId === lead.id && item.channel === 'webhook',
      );
    expect(await failing()).toHaveLength(1);
    const before = await failingCount();

    await trashLead(lead.id);
    expect(await failing()).toEqual([]);
    expect(await failingCount()).toBe(before - 1);
    expect(await restoreLead(lead.id)).toBe(200);
    expect(await failing()).toHaveLength(1);

    // Trashed again and deleted forever: the held delivery (and its attempt) go with the lead.
    await trashLead(lead.id);
    expect((await call('DELETE', `/api/admin/trash/contact/${lead.id}`)).status).toBe(204);
    expect(await deliveriesOf(lead.id)).toEqual([]);
    await sender().runOnce(Date.now() + 48 * HOUR);
    expect(webhooksAbout(lead.messageId)).toHaveLength(1); // the one failed attempt, nothing more
  });
});
