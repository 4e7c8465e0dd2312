import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { claimNotification, findNotification } from '../../server/services/leads/outbox.ts';
import { DEFAULT_TIMING } from '../../server/services/leads/notifier.ts';
import { testDialects } from '../helpers/databases.ts';
import { type TestServer, startTestServer } from '../helpers/server.ts';

interface Delivered {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A local SMTP sink: accepts mail on loopback, rejects the first `rejectFirst` messages
 * with a temporary 451, and records the rest.
 */
async function startSink(options: { port?: number; rejectFirst?: number } = {}) {
  const delivered: Delivered[] = [];
  let rejectLeft = options.rejectFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (rejectLeft > 0) {
          rejectLeft--;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        delivered.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    port,
    delivered,
    rejectAlways: () => {
      rejectLeft = Number.POSITIVE_INFINITY;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening on it (yet). */
async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const contact = {
  firstName: 'John',
  lastName: 'Doe',
  company: 'Permian Gas Processing',
  email: 'john@company.com',
  message: 'We flare about 2 MMcf/d of rich gas.\nCan you take the NGLs?',
};
const demo = {
  name: 'Jane Roe',
  phone: '+1 888 555 0148',
  email: 'jane@roe.example.com',
  company: 'Roe Energy',
  title: 'VP Operations',
  notes: 'Three sites in the Delaware Basin.',
};

const notifyEnv = (port: number) => ({
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  LEADS_NOTIFY_TO: 'sales@vpv-energy.example',
  LEADS_NOTIFY_FROM: 'VPV Website <website@vpv-energy.example>',
  LEADS_RATE_LIMIT: '0',
});

function postJson(server: TestServer, path: string, body: unknown) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function latestId(server: TestServer, table: 'contact_messages' | 'demo_requests') {
  const row = await server.services.database.db.selectFrom(table).select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Undo the quoted-printable soft breaks nodemailer puts into long lines. */
const unfold = (raw: string) => raw.replace(/=\r\n/g, '');

describe.each(testDialects)('sales notifications of new leads on %s', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });
  afterAll(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  it('retries after the SMTP server refuses the first attempt, then delivers the lead', async () => {
    const sink = await startSink({ rejectFirst: 1 });
    cleanups.push(sink.close);
    const server = await startTestServer(dialect, notifyEnv(sink.port));
    cleanups.push(server.close);
    const notifier = server.services.leads.notifier;
    expect(notifier).not.toBeNull();

    const response = await postJson(server, '/api/contact', contact);
    expect(response.status).toBe(201);
    const leadId = await latestId(server, 'contact_messages');
    const db = server.services.database.db;

    // The first attempt happens at once in the background and is refused.
    const afterFirst = await vi.waitFor(
      async () => {
        const row = await findNotification(db, 'contact', leadId);
        if (!row || Number(row.attempts) !== 1 || row.status !== 'pending') throw new Error('not attempted yet');
        return row;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(afterFirst.last_error).toMatch(/451|busy/i);
    const wait = Number(afterFirst.next_attempt_at) - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(30_000);
    expect(sink.delivered).toHaveLength(0);

    // Nothing is due yet; 30 s later the retry goes through.
    expect(await notifier?.runOnce()).toBe(0);
    expect(await notifier?.runOnce(Date.now() + 31_000)).toBe(1);
    const sent = await findNotification(db, 'contact', leadId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(sent?.sent_at).toBeTruthy();

    expect(sink.delivered).toHaveLength(1);
    const mail = sink.delivered[0];
    expect(mail?.to).toEqual(['sales@vpv-energy.example']);
    expect(mail?.from).toBe('website@vpv-energy.example');
    const raw = unfold(mail?.raw ?? '');
    expect(raw).toMatch(/^Subject: New contact message: John Doe, Permian Gas Processing\r?$/m);
    expect(raw).toMatch(/^Reply-To: John Doe <john@company\.com>\r?$/m);
    expect(raw).toMatch(/^To: sales@vpv-energy\.example\r?$/m);
    expect(raw).toContain('Company:  Permian Gas Processing');
    expect(raw).toContain('We flare about 2 MMcf/d of rich gas.');
    expect(raw).toContain('Can you take the NGLs?');
    expect(raw).toContain(`${server.url}/admin/leads`);

    // Sent means sent: later runs leave it alone.
    expect(await notifier?.runOnce(Date.now() + 3_600_000)).toBe(0);
    expect(sink.delivered).toHaveLength(1);
  });

  it('answers the visitor at once while the SMTP server is down, and delivers once it is back', async () => {
    const port = await unusedPort();
    const server = await startTestServer(dialect, notifyEnv(port));
    cleanups.push(server.close);
    const started = Date.now();
    const response = await postJson(server, '/api/request-demo', demo);
    expect(response.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(2_000);
    const leadId = await latestId(server, 'demo_requests');
    const db = server.services.database.db;

    await vi.waitFor(
      async () => {
        const row = await findNotification(db, 'demo', leadId);
        if (!row || Number(row.attempts) < 1 || row.status !== 'pending') throw new Error('not attempted yet');
      },
      { timeout: 10_000, interval: 50 },
    );
    // The lead itself is safe whatever the mail does.
    expect(await db.selectFrom('demo_requests').select('id').where('id', '=', leadId).executeTakeFirst()).toBeTruthy();

    const sink = await startSink({ port });
    cleanups.push(sink.close);
    expect(await server.services.leads.notifier?.runOnce(Date.now() + 31_000)).toBe(1);
    expect(sink.delivered).toHaveLength(1);
    const raw = unfold(sink.delivered[0]?.raw ?? '');
    expect(raw).toMatch(/^Subject: New demo request: Jane Roe, Roe Energy\r?$/m);
    expect(raw).toContain('Phone:    +1 888 555 0148');
    expect(raw).toContain('Title:    VP Operations');
    expect(raw).toContain('Three sites in the Delaware Basin.');
  });

  it('backs off exponentially and gives up after the last attempt', async () => {
    const sink = await startSink();
    sink.rejectAlways();
    cleanups.push(sink.close);
    const server = await startTestServer(dialect, notifyEnv(sink.port));
    cleanups.push(server.close);
    const db = server.services.database.db;
    expect((await postJson(server, '/api/request-demo', demo)).status).toBe(201);
    const leadId = await latestId(server, 'demo_requests');
    await vi.waitFor(
      async () => {
        const row = await findNotification(db, 'demo', leadId);
        if (!row || Number(row.attempts) < 1 || row.status !== 'pending') throw new Error('not attempted yet');
      },
      { timeout: 10_000, interval: 50 },
    );

    const waits: number[] = [];
    let now = Date.now();
    for (let attempt = 2; attempt <= DEFAULT_TIMING.maxAttempts; attempt++) {
      const before = await findNotification(db, 'demo', leadId);
      now = Number(before?.next_attempt_at);
      await server.services.leads.notifier?.runOnce(now);
      const after = await findNotification(db, 'demo', leadId);
      expect(Number(after?.attempts)).toBe(attempt);
      if (after?.status === 'pending') waits.push(Number(after.next_attempt_at) - now);
    }
    expect(waits).toEqual(DEFAULT_TIMING.retryDelaysMs.slice(1, DEFAULT_TIMING.maxAttempts - 1));
    const last = await findNotification(db, 'demo', leadId);
    expect(last?.status).toBe('failed');
    expect(last?.last_error).toMatch(/451|busy/i);
    expect(await server.services.leads.notifier?.runOnce(now + 86_400_000)).toBe(0);
    expect(sink.delivered).toHaveLength(0);
  });

  it('lets exactly one of two racing senders claim a row', async () => {
    const sink = await startSink({ rejectFirst: 1 });
    cleanups.push(sink.close);
    const server = await startTestServer(dialect, notifyEnv(sink.port));
    cleanups.push(server.close);
    const db = server.services.database.db;
    expect((await postJson(server, '/api/contact', contact)).status).toBe(201);
    const leadId = await latestId(server, 'contact_messages');
    await vi.waitFor(
      async () => {
        const row = await findNotification(db, 'contact', leadId);
        if (!row || row.status !== 'pending' || Number(row.attempts) !== 1) throw new Error('not attempted yet');
      },
      { timeout: 10_000, interval: 50 },
    );
    const row = await findNotification(db, 'contact', leadId);
    const due = Number(row?.next_attempt_at);
    const claims = await Promise.all([
      claimNotification(db, Number(row?.id), due, 60_000),
      claimNotification(db, Number(row?.id), due, 60_000),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('writes no outbox rows when no SMTP server is configured', async () => {
    const server = await startTestServer(dialect, { LEADS_RATE_LIMIT: '0' });
    cleanups.push(server.close);
    expect(server.services.leads.notifier).toBeNull();
    expect((await postJson(server, '/api/contact', contact)).status).toBe(201);
    const rows = await server.services.database.db.selectFrom('lead_notifications').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
