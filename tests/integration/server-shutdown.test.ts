import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type TestDatabase, createTestDatabase, testDialects } from '../helpers/databases.ts';
import { loginAdmin } from '../helpers/server.ts';
import { exited, startServerProcess, unusedPort } from '../helpers/server-process.ts';
import { type HoldingReceiver, startHoldingReceiver } from '../helpers/webhook-receiver.ts';

/**
 * SIGTERM (docs/operations.md, "Shutdown") on the production server as a child process, with
 * SHUTDOWN_TIMEOUT_MS at its default (10 s): it exits as soon as the requests in flight are
 * answered, not at the timeout, with idle keep-alive and never-used connections open; it
 * claims no outbox row after the signal; a webhook attempt hung at the signal is cancelled
 * and its delivery is pending again afterwards, with the attempt not counted.
 */

const admin = { username: 'shutdown-admin', password: 'shutdown test admin password' };
/** Generous: a behaviour check on a loaded two-core machine, not a benchmark (the timeout is 10 s). */
const PROMPT_EXIT_MS = 3_000;

/** A TCP connection that sends nothing, as a browser's preconnect does. */
async function silentConnection(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

describe.each(testDialects)('SIGTERM on %s', (dialect) => {
  let child: ChildProcess | undefined;
  let database: TestDatabase | undefined;
  let holding: HoldingReceiver | undefined;
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    child = undefined;
    await holding?.close();
    holding = undefined;
    await database?.destroy();
    database = undefined;
  });

  async function start(env: Record<string, string> = {}) {
    database = await createTestDatabase(dialect);
    const port = await unusedPort();
    const url = `http://127.0.0.1:${port}`;
    child = await startServerProcess(
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: url,
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.url,
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        LEADS_RATE_LIMIT: '0',
        ...env,
      },
      url,
    );
    return { port, url, child, db: database.handle.db };
  }

  it('exits within a few seconds with idle outboxes, a keep-alive connection and a connection that never sent a request', async () => {
    const { port, url, child: server } = await start();
    // A page over a kept-alive connection (an http.Agent that keeps it), and a silent one.
    const agent = new http.Agent({ keepAlive: true });
    const status = await new Promise<number>((resolve, reject) => {
      http.get(`${url}/`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      }).on('error', reject);
    });
    expect(status).toBe(200);
    const silent = await silentConnection(port);

    const signalled = Date.now();
    server.kill('SIGTERM');
    const code = await exited(server);
    const tookMs = Date.now() - signalled;
    console.info(`SIGTERM with idle outboxes on ${dialect}: exited after ${tookMs} ms`);
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(PROMPT_EXIT_MS);
    silent.destroy();
    agent.destroy();
  }, 180_000);

  it('cancels a hung webhook attempt (pending again, not counted), claims nothing more, answers the request in flight, and exits promptly', async () => {
    holding = await startHoldingReceiver();
    const { url, child: server, db } = await start({ WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${holding.port}` });
    const cookie = await loginAdmin(url, admin);
    const created = await fetch(`${url}/api/admin/webhooks`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ url: holding.url, events: ['lead.contact_message.created'] }),
    });
    expect(created.status).toBe(201);
    const lead = (n: number) => JSON.stringify({ firstName: `Term${n}`, lastName: 'Test', company: 'Shutdown Co', email: `term${n}@shutdown.example`, message: `Lead ${n}.` });
    expect((await fetch(`${url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: lead(1) })).status).toBe(201);
    // The receiver hangs: the attempt is in flight (the sender would wait 15 s for it).
    await vi.waitFor(() => expect(holding?.held).toHaveLength(1), { timeout: 30_000, interval: 20 });

    // A request in flight at the signal: its body comes in two parts, the second after SIGTERM.
    const body = lead(2);
    let signalled = 0;
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => {
        server.kill('SIGTERM');
        signalled = Date.now();
        setTimeout(() => request.end(body.slice(10)), 500);
      }, 300);
    });
    const response = await answered;
    const code = await exited(server);
    const tookMs = Date.now() - signalled;
    console.info(`SIGTERM with a hung webhook attempt and a request in flight on ${dialect}: exited after ${tookMs} ms (the request's body ended 500 ms after the signal)`);
    expect(response.status).toBe(201);
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(PROMPT_EXIT_MS);

    // After the exit: both leads are stored and both deliveries wait, none counted as an attempt.
    const leads = await db.selectFrom('contact_messages').select('id').orderBy('id').execute();
    expect(leads).toHaveLength(2);
    const deliveries = await db.selectFrom('webhook_deliveries').select(['message_id', 'status', 'attempts', 'next_attempt_at']).orderBy('id').execute();
    expect(deliveries.map((row) => [row.message_id, row.status, Number(row.attempts)])).toEqual(leads.map((row) => [`msg_contact_${row.id}`, 'pending', 0]));
    expect(deliveries.every((row) => Number(row.next_attempt_at) <= Date.now())).toBe(true);
    expect(await db.selectFrom('webhook_attempts').select('id').execute()).toEqual([]);
    // Nothing was claimed after the signal: the receiver saw the first lead only.
    expect(holding.held).toHaveLength(1);
  }, 180_000);
});
