import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebhookAttempt, WebhookDelivery, WebhookDeliveryPage, WebhookEndpoint, WebhookEndpointWithSecret } from '../../domain/webhooks.ts';
import { WEBHOOK_GONE_REASON, WEBHOOK_PRIVATE_ADDRESS } from '../../domain/webhooks.ts';
import { testDialects } from '../helpers/databases.ts';
import { expectInvalidInput } from '../helpers/invalid-input.ts';
import { type TestServer, loginAdmin, startSecondServer, startTestServer } from '../helpers/server.ts';
import { type Receiver, startReceiver } from '../helpers/webhook-receiver.ts';

/**
 * Webhooks (docs/leads.md#webhooks) through the real API and a real loopback receiver that
 * checks every request with the Standard Webhooks reference library. Retries are driven with
 * runOnce(now) and a later `now`, not by waiting out the schedule.
 */

const admin = { username: 'hooks-admin', password: 'webhooks admin password' };
const MIN = 60_000;
const HOUR = 60 * MIN;

const contact = (n: number) => ({ firstName: `First${n}`, lastName: 'Doe', company: `Company ${n}`, email: `lead${n}@company.com`, message: `Message number ${n}.` });
const demo = (n: number) => ({ name: `Demo Person ${n}`, phone: '+1 888 555 0148', email: `demo${n}@roe.example.com`, company: `Roe ${n}`, title: 'VP Operations', notes: null });

describe.each(testDialects)('webhooks on %s', (dialect) => {
  let server: TestServer;
  let receiver: Receiver;
  /** A second loopback receiver that is NOT on WEBHOOK_ALLOW_HOSTS: nothing may reach it. */
  let outsider: Receiver;
  let cookie = '';

  beforeAll(async () => {
    receiver = await startReceiver();
    outsider = await startReceiver();
    server = await startTestServer(dialect, {
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LEADS_RATE_LIMIT: '0',
      WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
    });
    cookie = await loginAdmin(server.url, admin);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await outsider?.close();
  });
  afterEach(async () => {
    // Each test starts with no endpoints, an empty receiver and the background sender running.
    const db = server.services.database.db;
    await db.deleteFrom('webhook_attempts').execute();
    await db.deleteFrom('webhook_deliveries').execute();
    await db.deleteFrom('webhook_endpoints').execute();
    receiver.received.length = 0;
    receiver.secrets.length = 0;
    receiver.answers.length = 0;
    server.services.webhooks.sender.start();
  });

  const call = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}, withCookie = true) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: { ...(withCookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const postLead = async (kind: 'contact' | 'demo', body: unknown) => {
    const response = await call('POST', kind === 'contact' ? '/api/contact' : '/api/request-demo', body, {}, false);
    expect(response.status).toBe(201);
  };
  const latestLeadId = async (table: 'contact_messages' | 'demo_requests') =>
    Number((await server.services.database.db.selectFrom(table).select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id);

  async function createEndpoint(events: string[], url = receiver.url): Promise<WebhookEndpointWithSecret> {
    const response = await call('POST', '/api/admin/webhooks', { url, description: 'CRM', events });
    expect(response.status).toBe(201);
    const created = (await response.json()) as WebhookEndpointWithSecret;
    receiver.secrets.push(created.secret);
    return created;
  }
  const sender = () => server.services.webhooks.sender;
  const deliveriesOf = async (endpointId: number) => ((await (await call('GET', `/api/admin/webhooks/${endpointId}/deliveries`)).json()) as WebhookDeliveryPage).items;

  it('delivers every lead once, signed, in the order they came in, and the status change after', async () => {
    const { endpoint } = await createEndpoint(['lead.contact_message.created', 'lead.demo_request.created', 'lead.status_changed']);
    const expected: string[] = [];
    for (let n = 1; n <= 3; n++) {
      await postLead('contact', contact(n));
      expected.push(`msg_contact_${await latestLeadId('contact_messages')}`);
      await postLead('demo', demo(n));
      expected.push(`msg_demo_${await latestLeadId('demo_requests')}`);
    }
    await vi.waitFor(() => expect(receiver.received).toHaveLength(6), { timeout: 15_000, interval: 50 });
    // Nothing more arrives later: each lead once.
    await sender().runOnce(Date.now() + 48 * HOUR);
    expect(receiver.received.map((request) => request.id)).toEqual(expected);
    for (const request of receiver.received) {
      expect(request.verifiedWith).toEqual([true]);
      expect(request.headers['content-type']).toBe('application/json');
      expect(Number(request.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    }

    const first = receiver.received[0]?.payload;
    const contactId = Number(expected[0]?.split('_')[2]);
    expect(first).toMatchObject({
      type: 'lead.contact_message.created',
      data: {
        kind: 'contact',
        id: contactId,
        status: 'new',
        adminUrl: `${server.url}/admin/leads?tab=messages#lead-contact-${contactId}`,
        fields: { firstName: 'First1', lastName: 'Doe', company: 'Company 1', email: 'lead1@company.com', message: 'Message number 1.' },
      },
    });
    expect(new Date(String(first?.data.receivedAt)).getTime()).toBeGreaterThan(Date.now() - MIN);
    const demoId = Number(expected[1]?.split('_')[2]);
    expect(receiver.received[1]?.payload).toMatchObject({
      type: 'lead.demo_request.created',
      data: { kind: 'demo', id: demoId, adminUrl: `${server.url}/admin/leads?tab=demo-requests#lead-demo-${demoId}`, fields: { name: 'Demo Person 1', title: 'VP Operations', notes: null } },
    });

    // A status change goes out as lead.status_changed, with who changed it and from what.
    const patched = await call('PATCH', `/api/admin/messages/${contactId}`, { status: 'qualified' });
    expect(patched.status).toBe(200);
    await vi.waitFor(() => expect(receiver.received).toHaveLength(7), { timeout: 15_000, interval: 50 });
    const change = receiver.received[6];
    expect(change?.id).toMatch(/^msg_status_/);
    expect(change?.verifiedWith).toEqual([true]);
    expect(change?.payload).toMatchObject({ type: 'lead.status_changed', data: { kind: 'contact', id: contactId, previousStatus: 'new', changedBy: admin.username } });
    expect(change?.payload.data.status).toBe('qualified');

    const log = await deliveriesOf(endpoint.id);
    expect(log).toHaveLength(7);
    expect(log.every((delivery) => delivery.status === 'delivered' && delivery.attempts === 1 && delivery.lastAttempt?.httpStatus === 200)).toBe(true);
    expect(log[0]?.eventType).toBe('lead.status_changed');
  });

  it('never sends one attempt twice when two processes send at the same moment', async () => {
    await createEndpoint(['lead.contact_message.created']);
    const second = await startSecondServer(server, { WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port}` });
    try {
      await sender().stop();
      await second.services.webhooks.sender.stop();
      for (let n = 20; n < 30; n++) await postLead('contact', contact(n));
      const now = Date.now();
      const counts = await Promise.all([sender().runOnce(now), second.services.webhooks.sender.runOnce(now), sender().runOnce(now)]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(10);
      expect(receiver.received).toHaveLength(10);
      expect(new Set(receiver.received.map((request) => request.id)).size).toBe(10);
      const attempts = await server.services.database.db.selectFrom('webhook_attempts').select('id').execute();
      expect(attempts).toHaveLength(10);
    } finally {
      await second.close();
    }
  });

  it('queues nothing for an endpoint not subscribed to the event, nor for a disabled one', async () => {
    await createEndpoint(['lead.demo_request.created']);
    const off = await createEndpoint(['lead.contact_message.created']);
    const put = await call('PUT', `/api/admin/webhooks/${off.endpoint.id}`, { url: receiver.url, events: ['lead.contact_message.created'], enabled: false });
    expect(put.status).toBe(200);
    await postLead('contact', contact(9));
    expect(await server.services.database.db.selectFrom('webhook_deliveries').select('id').execute()).toHaveLength(0);
  });

  it('retries a receiver that answers 500 three times and delivers on the fourth attempt', async () => {
    const { endpoint } = await createEndpoint(['lead.contact_message.created']);
    await sender().stop();
    receiver.answers.push({ status: 500, body: 'boom' }, { status: 500 }, { status: 500 });
    await postLead('contact', contact(4));
    const t0 = Date.now();

    expect(await sender().runOnce(t0)).toBe(0);
    // The first retry is immediate.
    expect(await sender().runOnce(t0)).toBe(0);
    let [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 2 });
    const second = Date.parse(String(delivery?.nextAttemptAt)) - t0;
    expect(second).toBeGreaterThanOrEqual(4_500);
    expect(second).toBeLessThanOrEqual(5_500);
    // Not due before its time.
    expect(await sender().runOnce(t0 + 4_000)).toBe(0);
    expect(receiver.received).toHaveLength(2);

    expect(await sender().runOnce(t0 + 6_000)).toBe(0);
    [delivery] = await deliveriesOf(endpoint.id);
    const third = Date.parse(String(delivery?.nextAttemptAt)) - (t0 + 6_000);
    expect(third).toBeGreaterThanOrEqual(4.5 * MIN);
    expect(third).toBeLessThanOrEqual(5.5 * MIN);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 3, lastAttempt: { httpStatus: 500 } });
    expect(await deliveriesOf(endpoint.id).then(() => call('GET', '/api/admin/webhooks')).then((r) => r.json())).toMatchObject({ items: [{ id: endpoint.id, failing: 1 }] });

    expect(await sender().runOnce(t0 + 6_000 + 6 * MIN)).toBe(1);
    expect(receiver.received).toHaveLength(4);
    // One message: the same webhook-id every time, each attempt signed.
    expect(new Set(receiver.received.map((request) => request.id)).size).toBe(1);
    expect(receiver.received.every((request) => request.verifiedWith[0])).toBe(true);
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 4, nextAttemptAt: null, lastAttempt: { httpStatus: 200, responseExcerpt: 'ok' } });
    const attempts = (await (await call('GET', `/api/admin/webhooks/deliveries/${delivery?.id}/attempts`)).json()) as { items: WebhookAttempt[] };
    expect(attempts.items.map((attempt) => attempt.httpStatus)).toEqual([500, 500, 500, 200]);
    expect(attempts.items[0]?.responseExcerpt).toBe('boom');
    expect(attempts.items.every((attempt) => attempt.durationMs >= 0 && attempt.error === null)).toBe(true);
    // Delivered is final.
    expect(await sender().runOnce(t0 + 72 * HOUR)).toBe(0);
    expect(receiver.received).toHaveLength(4);
  });

  it('honours Retry-After and gives up after the last attempt of the schedule', async () => {
    const { endpoint } = await createEndpoint(['lead.demo_request.created']);
    await sender().stop();
    receiver.answers.push({ status: 503, headers: { 'retry-after': '3600' } });
    await postLead('demo', demo(5));
    const t0 = Date.now();
    await sender().runOnce(t0);
    let [delivery] = await deliveriesOf(endpoint.id);
    // The schedule says "now"; the receiver asked for an hour.
    expect(Date.parse(String(delivery?.nextAttemptAt)) - t0).toBe(HOUR);

    receiver.answers.push(...Array.from({ length: 20 }, () => ({ status: 502 })));
    let now = t0 + HOUR;
    for (let attempt = 2; attempt <= 11; attempt++) {
      await sender().runOnce(now);
      // Past the longest wait the schedule may pick (24 h + 10 %).
      now += 27 * HOUR;
    }
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 11, nextAttemptAt: null, lastAttempt: { httpStatus: 502 } });
    expect(receiver.received).toHaveLength(11);
    await sender().runOnce(now + 100 * HOUR);
    expect(receiver.received).toHaveLength(11);
  });

  it('disables the endpoint on 410 Gone and fails its waiting deliveries', async () => {
    const { endpoint } = await createEndpoint(['lead.contact_message.created']);
    await sender().stop();
    receiver.answers.push({ status: 410, body: 'gone' });
    await postLead('contact', contact(6));
    await postLead('contact', contact(7));
    await sender().runOnce(Date.now());
    expect(receiver.received).toHaveLength(1);
    const list = ((await (await call('GET', '/api/admin/webhooks')).json()) as { items: WebhookEndpoint[] }).items;
    expect(list[0]).toMatchObject({ id: endpoint.id, enabled: false, disabledReason: WEBHOOK_GONE_REASON, failing: 2 });
    expect(list[0]?.version).toBeGreaterThan(endpoint.version);
    expect((await deliveriesOf(endpoint.id)).map((delivery) => delivery.status)).toEqual(['failed', 'failed']);
    await sender().runOnce(Date.now() + 48 * HOUR);
    expect(receiver.received).toHaveLength(1);
    // New leads are not queued for it any more.
    await postLead('contact', contact(8));
    expect(await deliveriesOf(endpoint.id)).toHaveLength(2);

    // Dismissing takes a delivery off the failing count.
    const [newest] = await deliveriesOf(endpoint.id);
    expect((await call('POST', `/api/admin/webhooks/deliveries/${newest?.id}/dismiss`)).status).toBe(204);
    const after = ((await (await call('GET', '/api/admin/webhooks')).json()) as { items: WebhookEndpoint[] }).items;
    expect(after[0]?.failing).toBe(1);
    expect((await deliveriesOf(endpoint.id))[0]?.dismissedAt).toBeTruthy();

    // Send test event still reaches a disabled endpoint: how an admin checks the receiver is back.
    expect((await call('POST', `/api/admin/webhooks/${endpoint.id}/test`)).status).toBe(202);
    expect(await sender().runOnce(Date.now())).toBe(1);
    expect(receiver.received.map((request) => request.payload.type)).toEqual(['lead.contact_message.created', 'webhook.test']);
    const enabled = await call('PUT', `/api/admin/webhooks/${endpoint.id}`, { url: receiver.url, events: ['lead.contact_message.created'], enabled: true });
    expect(await enabled.json()).toMatchObject({ enabled: true, disabledReason: null, failing: 1 });

    // A Replay that gets through takes the failed delivery off the failing count.
    const failed = (await deliveriesOf(endpoint.id)).find((delivery) => delivery.status === 'failed' && delivery.dismissedAt === null);
    expect((await call('POST', `/api/admin/webhooks/deliveries/${failed?.id}/replay`)).status).toBe(202);
    expect(await sender().runOnce(Date.now())).toBe(1);
    expect(receiver.received.at(-1)?.id).toBe(failed?.messageId);
    const healed = ((await (await call('GET', '/api/admin/webhooks')).json()) as { items: WebhookEndpoint[] }).items;
    expect(healed[0]?.failing).toBe(0);
  });

  it('fails what waits for an endpoint an admin disabled, saying so in the log', async () => {
    const { endpoint } = await createEndpoint(['lead.demo_request.created']);
    await sender().stop();
    await postLead('demo', demo(12));
    const off = await call('PUT', `/api/admin/webhooks/${endpoint.id}`, { url: receiver.url, events: ['lead.demo_request.created'], enabled: false });
    expect(off.status).toBe(200);
    await sender().runOnce(Date.now());
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, lastAttempt: { httpStatus: null, error: 'The endpoint is disabled; nothing was sent.' } });
  });

  it('signs with both secrets during a rotation, with only the new one after 24 hours; Replay sends the same webhook-id', async () => {
    const { endpoint, secret: oldSecret } = await createEndpoint(['lead.contact_message.created']);
    await sender().stop();
    const rotated = await call('POST', `/api/admin/webhooks/${endpoint.id}/rotate`);
    expect(rotated.status).toBe(200);
    const { endpoint: after, secret: newSecret } = (await rotated.json()) as WebhookEndpointWithSecret;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    expect(after.secretHint).toBe(`whsec_…${newSecret.slice(-4)}`);
    const until = Date.parse(String(after.rotatingUntil));
    expect(until - Date.now()).toBeGreaterThan(24 * HOUR - MIN);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * HOUR);
    receiver.secrets.splice(0, receiver.secrets.length, oldSecret, newSecret);

    await postLead('contact', contact(10));
    const t0 = Date.now();
    expect(await sender().runOnce(t0)).toBe(1);
    expect(receiver.received[0]?.verifiedWith).toEqual([true, true]);
    expect(String(receiver.received[0]?.headers['webhook-signature']).split(' ')).toHaveLength(2);

    // Replay: a new delivery of the same message, after the overlap.
    const [original] = await deliveriesOf(endpoint.id);
    const replay = await call('POST', `/api/admin/webhooks/deliveries/${original?.id}/replay`);
    expect(replay.status).toBe(202);
    const { delivery } = (await replay.json()) as { delivery: WebhookDelivery };
    expect(delivery).toMatchObject({ messageId: original?.messageId, status: 'pending', attempts: 0 });
    expect(delivery.id).not.toBe(original?.id);
    expect(await sender().runOnce(t0 + 25 * HOUR)).toBe(1);
    expect(receiver.received[1]?.id).toBe(receiver.received[0]?.id);
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);
    expect(receiver.received[1]?.verifiedWith).toEqual([false, true]);
    expect(String(receiver.received[1]?.headers['webhook-signature']).split(' ')).toHaveLength(1);
  });

  it('sends a test event on request and shows it in the delivery log', async () => {
    const { endpoint } = await createEndpoint(['lead.status_changed']);
    const response = await call('POST', `/api/admin/webhooks/${endpoint.id}/test`);
    expect(response.status).toBe(202);
    const { delivery } = (await response.json()) as { delivery: WebhookDelivery };
    expect(delivery).toMatchObject({ eventType: 'webhook.test', endpointId: endpoint.id, leadKind: null, leadId: null });
    expect(delivery.messageId).toMatch(/^msg_test_[0-9a-f-]{36}$/);
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 15_000, interval: 50 });
    expect(receiver.received[0]).toMatchObject({ id: delivery.messageId, verifiedWith: [true], payload: { type: 'webhook.test', data: { endpointId: endpoint.id } } });
    await vi.waitFor(async () => expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'delivered', lastAttempt: { httpStatus: 200 } }), { timeout: 5_000 });
  });

  it('refuses a private address unless WEBHOOK_ALLOW_HOSTS lists it, when saving and again at connect time', async () => {
    // 10.0.0.1 and 192.168.1.1 are refused by validation: nothing is ever sent to them.
    for (const url of ['http://10.0.0.1/hook', 'https://192.168.1.1/hook', `http://127.0.0.1:${outsider.port}/hook`, 'http://localhost/hook', 'http://[::1]:8080/']) {
      const body = await expectInvalidInput(await call('POST', '/api/admin/webhooks', { url, events: ['lead.contact_message.created'] }), ['url']);
      expect(body.fieldErrors.url).toEqual([WEBHOOK_PRIVATE_ADDRESS]);
      expect(body.message).toBe(WEBHOOK_PRIVATE_ADDRESS);
    }
    const { endpoint } = await createEndpoint(['lead.contact_message.created']);
    const moved = await call('PUT', `/api/admin/webhooks/${endpoint.id}`, { url: 'http://10.0.0.1/hook', events: ['lead.contact_message.created'] });
    expect((await expectInvalidInput(moved, ['url'])).fieldErrors.url).toEqual([WEBHOOK_PRIVATE_ADDRESS]);
    expect(await server.services.database.db.selectFrom('webhook_endpoints').select('id').execute()).toHaveLength(1);

    // An address saved before the allow list changed is refused when the sender connects.
    await sender().stop();
    await server.services.database.db.updateTable('webhook_endpoints').set({ url: outsider.url }).where('id', '=', endpoint.id).execute();
    await postLead('contact', contact(11));
    await sender().runOnce(Date.now());
    expect(outsider.received).toHaveLength(0);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastAttempt: { httpStatus: null, error: WEBHOOK_PRIVATE_ADDRESS } });
  });

  it('answers validation errors, 404s, 409 on a stale edit, 401 without a session, and audits every write', async () => {
    const bad = await expectInvalidInput(await call('POST', '/api/admin/webhooks', { url: 'ftp://x.example', events: [] }), ['url', 'events']);
    expect(bad.fieldErrors.events).toEqual(['Choose at least one event.']);
    const unknown = await expectInvalidInput(await call('POST', '/api/admin/webhooks', { url: 'https://hooks.example.com/a', events: ['lead.deleted'] }), ['events']);
    expect(unknown.fieldErrors.events?.[0]).toMatch(/Unknown event/);
    await expectInvalidInput(await call('POST', '/api/admin/webhooks', { url: 'https://hooks.example.com/a', events: ['lead.status_changed'], description: 'a\u0000b' }), ['description']);
    await expectInvalidInput(await call('POST', '/api/admin/webhooks', { events: ['lead.status_changed'], enabled: 'yes' }), ['url', 'enabled']);
    expect((await call('POST', '/api/admin/webhooks', 'not an object')).status).toBe(400);
    expect((await fetch(`${server.url}/api/admin/webhooks`, { method: 'POST', headers: { cookie, 'content-type': 'text/plain' }, body: 'x' })).status).toBe(415);
    await expectInvalidInput(await call('GET', '/api/admin/webhooks/1/deliveries?pageSize=1000'), ['pageSize']);

    for (const [method, url] of [
      ['GET', '/api/admin/webhooks'],
      ['POST', '/api/admin/webhooks'],
      ['PUT', '/api/admin/webhooks/1'],
      ['DELETE', '/api/admin/webhooks/1'],
      ['POST', '/api/admin/webhooks/1/rotate'],
      ['POST', '/api/admin/webhooks/1/test'],
      ['GET', '/api/admin/webhooks/1/deliveries'],
      ['GET', '/api/admin/webhooks/deliveries/1/attempts'],
      ['POST', '/api/admin/webhooks/deliveries/1/replay'],
      ['POST', '/api/admin/webhooks/deliveries/1/dismiss'],
    ] as const) {
      expect((await call(method, url, undefined, {}, false)).status, `${method} ${url}`).toBe(401);
      expect((await call(method === 'GET' ? 'GET' : method, url.replace('/1', '/999999'), method === 'PUT' ? { url: 'https://hooks.example.com/', events: ['lead.status_changed'] } : undefined)).status, `${method} ${url}`).toBe(
        method === 'POST' && url === '/api/admin/webhooks' ? 415 : method === 'GET' && url === '/api/admin/webhooks' ? 200 : 404,
      );
    }

    const { endpoint, secret } = await createEndpoint(['lead.status_changed']);
    const listed = ((await (await call('GET', '/api/admin/webhooks')).json()) as { items: WebhookEndpoint[] }).items;
    expect(listed).toEqual([{ ...endpoint }]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(endpoint).toMatchObject({ url: receiver.url, description: 'CRM', events: ['lead.status_changed'], enabled: true, disabledReason: null, version: 1, rotatingUntil: null, failing: 0 });

    const edit = { url: receiver.url, description: 'CRM (new)', events: ['lead.status_changed', 'lead.demo_request.created'] };
    const saved = await call('PUT', `/api/admin/webhooks/${endpoint.id}`, edit, { 'if-match': '"1"' });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe('"2"');
    const stale = await call('PUT', `/api/admin/webhooks/${endpoint.id}`, { ...edit, description: 'Lost' }, { 'if-match': '"1"' });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { current: WebhookEndpoint }).current.description).toBe('CRM (new)');
    expect((await call('POST', `/api/admin/webhooks/${endpoint.id}/rotate`)).status).toBe(200);
    expect((await call('POST', `/api/admin/webhooks/${endpoint.id}/test`)).status).toBe(202);
    expect((await call('DELETE', `/api/admin/webhooks/${endpoint.id}`)).status).toBe(204);
    expect((await call('DELETE', `/api/admin/webhooks/${endpoint.id}`)).status).toBe(404);

    const audit = await server.services.database.db
      .selectFrom('audit_log')
      .select(['action', 'admin_name', 'entity_id', 'before', 'after'])
      .where('entity_kind', '=', 'webhook')
      .where('entity_id', '=', String(endpoint.id))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['webhook.create', 'webhook.update', 'webhook.rotate', 'webhook.test', 'webhook.delete']);
    expect(audit.every((row) => row.admin_name === admin.username)).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
  });
});
