import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebhookEndpointWithSecret } from '../../domain/webhooks.ts';
import { WEBHOOK_PRIVATE_ADDRESS } from '../../domain/webhooks.ts';
import { testDialects } from '../helpers/databases.ts';
import { expectInvalidInput } from '../helpers/invalid-input.ts';
import { type TestServer, loginAdmin, startTestServer } from '../helpers/server.ts';
import { type HoldingReceiver, type Receiver, startHoldingReceiver, startReceiver } from '../helpers/webhook-receiver.ts';

/**
 * Endpoints never wait for each other (docs/leads.md#webhooks, issue 36): a receiver that
 * hangs beside a healthy one, an endpoint deleted or disabled while its attempt is in flight,
 * and the IPv6 spellings of inside addresses refused when an endpoint is saved. The real API,
 * a real loopback receiver checked with `standardwebhooks`, and one that answers only when
 * the test says so.
 */

const admin = { username: 'lanes-admin', password: 'webhook lanes admin password' };
const contact = (n: number) => ({ firstName: `Lane${n}`, lastName: 'Doe', company: `Company ${n}`, email: `lane${n}@company.com`, message: `Lead number ${n}.` });

/** Log lines at error level or above, and any that says a run failed. */
const problems = (log: string[]) =>
  log
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.level >= 50 || /run failed/.test(entry.msg));

describe.each(testDialects)('webhook endpoints side by side on %s', (dialect) => {
  let server: TestServer;
  let receiver: Receiver;
  let holding: HoldingReceiver;
  let cookie = '';
  const log: string[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    holding = await startHoldingReceiver();
    server = await startTestServer(
      dialect,
      {
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        LEADS_RATE_LIMIT: '0',
        LOG_LEVEL: 'info',
        // The IPv4-compatible spelling of 127.0.0.1 on port 9: allowed because it is listed.
        WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port},127.0.0.1:${holding.port},[::127.0.0.1]:9`,
      },
      log,
    );
    cookie = await loginAdmin(server.url, admin);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await holding?.close();
  });
  afterEach(async () => {
    // Each test starts with no endpoints, empty receivers, an empty log and the sender running.
    await sender().stop();
    for (const request of holding.held) request.answer(200);
    holding.held.length = 0;
    const db = server.services.database.db;
    await db.deleteFrom('webhook_attempts').execute();
    await db.deleteFrom('webhook_deliveries').execute();
    await db.deleteFrom('webhook_endpoints').execute();
    receiver.received.length = 0;
    receiver.secrets.length = 0;
    log.length = 0;
    sender().start();
  });

  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const sender = () => server.services.webhooks.sender;
  const events = ['lead.contact_message.created'];

  async function createEndpoint(url: string): Promise<WebhookEndpointWithSecret> {
    const response = await call('POST', '/api/admin/webhooks', { url, description: 'CRM', events });
    expect(response.status).toBe(201);
    const created = (await response.json()) as WebhookEndpointWithSecret;
    if (url === receiver.url) receiver.secrets.push(created.secret);
    return created;
  }
  /** Posts a contact message and answers its webhook-id. */
  async function postLead(n: number): Promise<string> {
    const response = await fetch(`${server.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(contact(n)) });
    expect(response.status).toBe(201);
    const row = await server.services.database.db.selectFrom('contact_messages').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    return `msg_contact_${row.id}`;
  }
  const deliveries = (endpointId: number) =>
    server.services.database.db.selectFrom('webhook_deliveries').select(['message_id', 'status', 'attempts']).where('endpoint_id', '=', endpointId).orderBy('id').execute();

  it('delivers each lead to a healthy endpoint within 2 s while another endpoint hangs, one attempt at a time per endpoint, in order', async () => {
    // The hung endpoint is created first: its deliveries come first in every batch.
    const hung = await createEndpoint(holding.url);
    const healthy = await createEndpoint(receiver.url);
    const ids: string[] = [];
    const latencies: number[] = [];
    for (let n = 1; n <= 3; n++) {
      const posted = Date.now();
      const id = await postLead(n);
      ids.push(id);
      await vi.waitFor(() => expect(receiver.received.map((request) => request.id)).toContain(id), { timeout: 10_000, interval: 10 });
      latencies.push(Date.now() - posted);
    }
    console.info(`healthy endpoint beside a hung one on ${dialect}: leads arrived after ${latencies.join(', ')} ms`);
    expect(Math.max(...latencies)).toBeLessThan(2_000);
    expect(receiver.received.map((request) => request.id)).toEqual(ids);
    expect(receiver.received.every((request) => request.verifiedWith[0] === true)).toBe(true);

    // The hung endpoint has its first lead in flight; the other two wait behind it, in its lane.
    expect(holding.held.map((request) => request.id)).toEqual([ids[0]]);
    expect((await deliveries(hung.endpoint.id)).map((row) => row.status)).toEqual(['sending', 'pending', 'pending']);
    // It answers at last: the next goes out, and only then, oldest first.
    for (let i = 0; i < 3; i++) {
      await vi.waitFor(() => expect(holding.held.length).toBeGreaterThan(i), { timeout: 10_000, interval: 10 });
      expect(holding.held).toHaveLength(i + 1);
      holding.held[i]?.answer(200);
    }
    expect(holding.held.map((request) => request.id)).toEqual(ids);
    await vi.waitFor(async () => expect((await deliveries(hung.endpoint.id)).map((row) => row.status)).toEqual(['delivered', 'delivered', 'delivered']), { timeout: 10_000 });
    expect((await deliveries(healthy.endpoint.id)).map((row) => [row.status, Number(row.attempts)])).toEqual(Array(3).fill(['delivered', 1]));
    expect(problems(log)).toEqual([]);
  });

  it('finishes quietly when the endpoint is deleted during its attempt, and the other endpoint is not held up', async () => {
    await sender().stop();
    const doomed = await createEndpoint(holding.url);
    const healthy = await createEndpoint(receiver.url);
    const ids = [await postLead(11), await postLead(12)];
    // One batch: the doomed endpoint's two deliveries and the healthy one's two, interleaved.
    const run = sender().runOnce(Date.now());
    await vi.waitFor(() => expect(holding.held).toHaveLength(1), { timeout: 10_000, interval: 10 });
    // The healthy endpoint's deliveries in the same batch go out while the attempt hangs.
    await vi.waitFor(() => expect(receiver.received.map((request) => request.id)).toEqual(ids), { timeout: 5_000, interval: 10 });

    expect((await call('DELETE', `/api/admin/webhooks/${doomed.endpoint.id}`)).status).toBe(204);
    holding.held[0]?.answer(200);
    expect(await run).toBe(2);
    // Its second delivery went with it: never sent.
    expect(holding.held).toHaveLength(1);
    expect(await deliveries(doomed.endpoint.id)).toEqual([]);
    expect((await deliveries(healthy.endpoint.id)).map((row) => row.status)).toEqual(['delivered', 'delivered']);
    expect(problems(log)).toEqual([]);
    expect(log.some((line) => line.includes('webhook endpoint deleted during an attempt'))).toBe(true);
  });

  it('records the attempt in flight when its endpoint is disabled meanwhile, and fails the rest without sending', async () => {
    await sender().stop();
    const switched = await createEndpoint(holding.url);
    const healthy = await createEndpoint(receiver.url);
    const ids = [await postLead(21), await postLead(22)];
    const run = sender().runOnce(Date.now());
    await vi.waitFor(() => expect(holding.held).toHaveLength(1), { timeout: 10_000, interval: 10 });
    await vi.waitFor(() => expect(receiver.received.map((request) => request.id)).toEqual(ids), { timeout: 5_000, interval: 10 });

    const off = await call('PUT', `/api/admin/webhooks/${switched.endpoint.id}`, { url: holding.url, events, enabled: false });
    expect(off.status).toBe(200);
    holding.held[0]?.answer(200);
    expect(await run).toBe(3);
    expect(holding.held).toHaveLength(1);
    expect((await deliveries(switched.endpoint.id)).map((row) => row.status)).toEqual(['delivered', 'failed']);
    const attempts = await server.services.database.db
      .selectFrom('webhook_attempts as a')
      .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
      .select(['a.http_status', 'a.error'])
      .where('d.endpoint_id', '=', switched.endpoint.id)
      .orderBy('a.id')
      .execute();
    expect(attempts.map((attempt) => [attempt.http_status === null ? null : Number(attempt.http_status), attempt.error])).toEqual([
      [200, null],
      [null, 'The endpoint is disabled; nothing was sent.'],
    ]);
    expect((await deliveries(healthy.endpoint.id)).map((row) => row.status)).toEqual(['delivered', 'delivered']);
    expect(problems(log)).toEqual([]);
  });

  it('refuses every IPv6 spelling that carries an inside IPv4 address when an endpoint is saved, unless WEBHOOK_ALLOW_HOSTS lists it', async () => {
    const refused = [
      'http://[::127.0.0.1]/', // IPv4-compatible (the URL parser writes [::7f00:1])
      'http://[::10.0.0.1]:8080/hook',
      'http://[::8.8.8.8]/', // IPv4-compatible is refused whatever it carries: deprecated, never a real receiver
      'http://[::ffff:127.0.0.1]/', // IPv4-mapped
      'http://[::ffff:0:192.168.1.1]/', // IPv4-translated
      'http://[64:ff9b::10.0.0.1]/', // NAT64
      'http://[64:ff9b:1::a9fe:a9fe]/', // local-use NAT64, 169.254.169.254
      'http://[2002:7f00:1::1]/', // 6to4 around 127.0.0.1
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', // Teredo around 127.0.0.1 (inverted)
      'https://[2001:4860::5efe:10.0.0.1]/', // ISATAP around 10.0.0.1
    ];
    for (const url of refused) {
      const body = await expectInvalidInput(await call('POST', '/api/admin/webhooks', { url, events }), ['url']);
      expect(body.fieldErrors.url, url).toEqual([WEBHOOK_PRIVATE_ADDRESS]);
      expect(body.message).toBe(WEBHOOK_PRIVATE_ADDRESS);
    }
    expect(await server.services.database.db.selectFrom('webhook_endpoints').select('id').execute()).toHaveLength(0);
    // A public IPv6 address, and the listed host:port.
    for (const url of ['https://[2606:4700:4700::1111]/hook', 'http://[::127.0.0.1]:9/hook']) {
      expect((await call('POST', '/api/admin/webhooks', { url, events })).status, url).toBe(201);
    }
  });
});
