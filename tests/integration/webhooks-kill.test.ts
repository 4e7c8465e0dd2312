import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookEndpointWithSecret } from '../../domain/webhooks.ts';
import { type TestDatabase, createTestDatabase, testDialects } from '../helpers/databases.ts';
import { loginAdmin } from '../helpers/server.ts';
import { exited, startServerProcess, unusedPort } from '../helpers/server-process.ts';
import { type Receiver, startReceiver } from '../helpers/webhook-receiver.ts';

/**
 * Nothing queued is lost when the server dies: the production server runs as a child process,
 * leads come in while the receiver is down, the server is killed with SIGKILL (no shutdown
 * code runs), and after a restart with the receiver up every lead arrives, once, signed.
 */

const admin = { username: 'kill-admin', password: 'kill test admin password' };

describe.each(testDialects)('webhooks across a kill -9 on %s', (dialect) => {
  const children: ChildProcess[] = [];
  let database: TestDatabase | undefined;
  let receiver: Receiver | undefined;
  afterEach(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited(child);
      }
    }
    children.length = 0;
    await receiver?.close();
    await database?.destroy();
  });

  it('delivers every lead queued before the kill once the server is back', async () => {
    database = await createTestDatabase(dialect);
    const receiverPort = await unusedPort();
    const port = await unusedPort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LEADS_RATE_LIMIT: '0',
      WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiverPort}`,
    };
    const first = await startServerProcess(env, url);
    children.push(first);

    const cookie = await loginAdmin(url, admin);
    const created = await fetch(`${url}/api/admin/webhooks`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${receiverPort}/hook`, events: ['lead.contact_message.created', 'lead.demo_request.created'] }),
    });
    expect(created.status).toBe(201);
    const { secret } = (await created.json()) as WebhookEndpointWithSecret;

    // The receiver is down: every lead is stored and answered at once, its delivery fails and waits.
    for (let n = 1; n <= 5; n++) {
      const response = await fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: `Kill${n}`, lastName: 'Test', company: 'Crash Co', email: `kill${n}@crash.example`, message: `Lead ${n}.` }),
      });
      expect(response.status).toBe(201);
    }
    const db = database.handle.db;
    // Each delivery tried and refused at least once, none in the middle of an attempt: kill now.
    await vi.waitFor(
      async () => {
        const rows = await db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute();
        expect(rows).toHaveLength(5);
        for (const row of rows) {
          expect(row.status).toBe('pending');
          expect(Number(row.attempts)).toBeGreaterThanOrEqual(1);
        }
      },
      { timeout: 60_000, interval: 10 },
    );
    first.kill('SIGKILL');
    await exited(first);
    expect(first.signalCode).toBe('SIGKILL');
    const leadIds = (await db.selectFrom('contact_messages').select('id').orderBy('id').execute()).map((row) => `msg_contact_${row.id}`);
    expect(leadIds).toHaveLength(5);
    const attempts = await db.selectFrom('webhook_attempts').select(['http_status', 'error']).execute();
    expect(attempts.length).toBeGreaterThanOrEqual(5);
    expect(attempts.every((attempt) => attempt.http_status === null && /refused the connection/.test(attempt.error ?? ''))).toBe(true);

    // While the server is down, time passes: the schedule's waits (5 s or 5 min by now) are over.
    // One row is left as a dead process leaves a claim: 'sending', its lease run out.
    await db.updateTable('webhook_deliveries').set({ next_attempt_at: Date.now() - 1 }).execute();
    const lastId = Number((await db.selectFrom('webhook_deliveries').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id);
    await db.updateTable('webhook_deliveries').set({ status: 'sending' }).where('id', '=', lastId).execute();

    receiver = await startReceiver(receiverPort);
    receiver.secrets.push(secret);
    children.push(await startServerProcess(env, url));
    await vi.waitFor(() => expect(receiver?.received.length).toBe(5), { timeout: 60_000, interval: 100 });
    expect(receiver.received.map((request) => request.id)).toEqual(leadIds);
    expect(receiver.received.every((request) => request.verifiedWith[0] === true)).toBe(true);
    await vi.waitFor(async () => {
      const rows = await db.selectFrom('webhook_deliveries').select('status').execute();
      expect(rows.map((row) => row.status)).toEqual(Array(5).fill('delivered'));
    });
    // Once each: nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.received).toHaveLength(5);
  }, 300_000);
});
