import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { PURGE_KEEP_FAILED_MS, PURGE_KEEP_SENT_MS } from '../../server/services/cdn-purge/cdn-purge-service.ts';
import { PURGE_MAX_ATTEMPTS } from '../../server/services/cdn-purge/outbox.ts';
import { sweepUploads } from '../../server/services/index.ts';
import { CloudFrontPurger, FastlyPurger, PurgeError, cloudFrontPaths, createPurger } from '../../server/services/cdn-purge/purgers.ts';
import { type CdnFake, USUAL_ANSWERS, startCdnFake } from '../helpers/cdn-fake.ts';
import { testDialects } from '../helpers/databases.ts';
import { type SecondTestServer, type TestServer, loginAdmin, startSecondServer, startTestServer } from '../helpers/server.ts';

/**
 * CDN purges (docs/operations.md, "CDN purge"): each adapter's request as its CDN documents it,
 * against a loopback stand-in for the API; and through the real server, an admin's change
 * queued once and sent once, whatever the number of processes, retried when the CDN fails, and
 * nothing at all without CDN_PURGE. Retries are driven with runOnce(now) and a later `now`.
 */

const admin = { username: 'purge-admin', password: 'cdn purge admin password' };
const ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
const DISTRIBUTION = 'EDFDVBD6EXAMPLE';
const HOUR = 3_600_000;

/** The purger a configuration builds, as the server would build it. */
function purgerFor(env: Record<string, string>) {
  const purger = createPurger(loadConfig(env).cdnPurge, 5_000);
  if (!purger) throw new Error('no purger configured');
  return purger;
}

describe('the purge adapters send what each CDN documents', () => {
  const fakes: CdnFake[] = [];
  afterEach(async () => {
    for (const fake of fakes.splice(0)) await fake.close();
  });
  const fake = async (usual: Parameters<typeof startCdnFake>[0]) => {
    const started = await startCdnFake(usual);
    fakes.push(started);
    return started;
  };

  it('Varnish: PURGE with the tags in xkey-purge, to every Varnish named', async () => {
    const [one, two] = [await fake(USUAL_ANSWERS.varnish), await fake(USUAL_ANSWERS.varnish)];
    const purger = purgerFor({ CDN_PURGE: 'varnish', VARNISH_PURGE_URL: `${one?.url}/,${two?.url}/` });
    await purger.purge(['glossary', 'page:/knowledge-base']);
    for (const varnish of [one, two]) {
      expect(varnish?.requests).toHaveLength(1);
      expect(varnish?.requests[0]).toMatchObject({ method: 'PURGE', url: '/', body: '' });
      expect(varnish?.requests[0]?.headers['xkey-purge']).toBe('glossary page:/knowledge-base');
    }

    // One Varnish refusing fails the purge (it is tried again, on both: a purge twice is harmless).
    two?.answers.push({ status: 403, body: 'Forbidden' });
    await expect(purger.purge(['site'])).rejects.toThrow(new RegExp(`PURGE ${two?.url}/ answered 403: Forbidden`));
    expect(one?.requests).toHaveLength(2);
  });

  it('Fastly: POST /service/<id>/purge with Surrogate-Key and Fastly-Key, at most 256 keys a request', async () => {
    const fastly = await fake(USUAL_ANSWERS.fastly);
    const purger = purgerFor({ CDN_PURGE: 'fastly', FASTLY_API_URL: fastly.url, FASTLY_API_TOKEN: 'fastly-token', FASTLY_SERVICE_ID: 'SU1Z0isxPaozGVKXdv0eY' });
    await purger.purge(['glossary', 'documents']);
    expect(fastly.requests).toHaveLength(1);
    const [request] = fastly.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/service/SU1Z0isxPaozGVKXdv0eY/purge' });
    expect(request?.headers['fastly-key']).toBe('fastly-token');
    expect(request?.headers['surrogate-key']).toBe('glossary documents');
    expect(request?.headers.accept).toBe('application/json');

    const many = Array.from({ length: 300 }, (_, index) => `page:/p${index}`);
    await purger.purge(many);
    expect(fastly.requests.slice(1).map((sent) => sent.headers['surrogate-key']?.toString().split(' ').length)).toEqual([256, 44]);
    expect(fastly.requests.slice(1).flatMap((sent) => sent.headers['surrogate-key']?.toString().split(' '))).toEqual(many);

    fastly.answers.push({ status: 401, body: '{"msg":"Provided credentials are missing or invalid"}' });
    await expect(purger.purge(['site'])).rejects.toThrow('Fastly purge answered 401: {"msg":"Provided credentials are missing or invalid"}');
  });

  it('Cloudflare: POST /zones/<zone>/purge_cache with {"tags": [...]} and a bearer token, 30 tags a call, success checked', async () => {
    const cloudflare = await fake(USUAL_ANSWERS.cloudflare);
    const purger = purgerFor({ CDN_PURGE: 'cloudflare', CLOUDFLARE_API_URL: `${cloudflare.url}/client/v4`, CLOUDFLARE_API_TOKEN: 'cf-token', CLOUDFLARE_ZONE_ID: ZONE });
    await purger.purge(['leaders']);
    const [request] = cloudflare.requests;
    expect(request).toMatchObject({ method: 'POST', url: `/client/v4/zones/${ZONE}/purge_cache` });
    expect(request?.headers.authorization).toBe('Bearer cf-token');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ tags: ['leaders'] });

    const many = Array.from({ length: 31 }, (_, index) => `page:/p${index}`);
    await purger.purge(many);
    expect(cloudflare.requests.slice(1).map((sent) => (JSON.parse(sent.body) as { tags: string[] }).tags.length)).toEqual([30, 1]);

    // A 200 that does not report success is a failure; so is a rate limit, with its Retry-After.
    cloudflare.answers.push({ status: 200, body: JSON.stringify({ success: false, errors: [{ code: 1134, message: 'Not entitled' }] }) });
    await expect(purger.purge(['site'])).rejects.toThrow(/did not report success: .*Not entitled/);
    cloudflare.answers.push({ status: 429, body: '{"success":false}', headers: { 'retry-after': '120' } });
    const limited = await purger.purge(['site']).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(PurgeError);
    expect((limited as PurgeError).retryAfterMs).toBe(120_000);
  });

  it('CloudFront: CreateInvalidation through the SDK, signed, with the paths of the tags and the purge as caller reference', async () => {
    const cloudfront = await fake(USUAL_ANSWERS.cloudfront);
    const purger = purgerFor({
      CDN_PURGE: 'cloudfront',
      CLOUDFRONT_DISTRIBUTION_ID: DISTRIBUTION,
      CLOUDFRONT_ENDPOINT: cloudfront.url,
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    });
    try {
      await purger.purge(['page:/leadership', 'page:/'], 'vpv-content-41');
      const [request] = cloudfront.requests;
      expect(request).toMatchObject({ method: 'POST', url: `/2020-05-31/distribution/${DISTRIBUTION}/invalidation` });
      expect(request?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/cloudfront\/aws4_request, SignedHeaders=.*, Signature=[0-9a-f]{64}$/);
      const body = request?.body ?? '';
      expect(body).toMatch(/^(<\?xml[^>]*\?>)?<InvalidationBatch xmlns="http:\/\/cloudfront\.amazonaws\.com\/doc\/2020-05-31\/">/);
      expect(body).toContain('<Paths><Quantity>4</Quantity><Items><Path>/leadership</Path><Path>/leadership.data*</Path><Path>/</Path><Path>/_root.data*</Path></Items></Paths>');
      expect(body).toContain('<CallerReference>vpv-content-41</CallerReference>');

      await purger.purge(['glossary', 'page:/knowledge-base'], 'vpv-content-42');
      expect(cloudfront.requests[1]?.body).toContain('<Paths><Quantity>1</Quantity><Items><Path>/*</Path></Items></Paths>');

      cloudfront.answers.push({
        status: 400,
        headers: { 'content-type': 'text/xml' },
        body: '<ErrorResponse><Error><Type>Sender</Type><Code>InvalidArgument</Code><Message>Your request contains one or more invalid invalidation paths.</Message></Error></ErrorResponse>',
      });
      await expect(purger.purge(['site'], 'vpv-content-43')).rejects.toThrow(/CloudFront CreateInvalidation failed \(400\): InvalidArgument: Your request contains one or more invalid invalidation paths/);
    } finally {
      if (purger instanceof CloudFrontPurger) purger.close();
    }
  });

  it('CloudFront paths: a page and its data requests, everything for any other tag', () => {
    expect(cloudFrontPaths(['page:/leadership'])).toEqual(['/leadership', '/leadership.data*']);
    expect(cloudFrontPaths(['page:/'])).toEqual(['/', '/_root.data*']);
    expect(cloudFrontPaths(['page:/about', 'site'])).toEqual(['/*']);
  });

  it('a CDN that does not answer, or is not there, is a failure in words', async () => {
    const silent = await fake(USUAL_ANSWERS.fastly);
    // Status 0: the fake holds the answer back until it closes.
    silent.answers.push({ status: 0 });
    await expect(new FastlyPurger({ apiUrl: silent.url, serviceId: 'abc', token: 't' }, 200).purge(['site'])).rejects.toThrow('Fastly purge failed: no answer within 0.2 seconds');
    const closed = await startCdnFake(USUAL_ANSWERS.fastly);
    await closed.close();
    await expect(new FastlyPurger({ apiUrl: closed.url, serviceId: 'abc', token: 't' }).purge(['site'])).rejects.toThrow(/^Fastly purge failed: .*ECONNREFUSED/);
  });
});

describe.each(testDialects)('purges of admin changes on %s', (dialect) => {
  let fastly: CdnFake;
  let server: TestServer;
  let cookie = '';
  const log: string[] = [];
  const env = () => ({
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    CDN_PURGE: 'fastly',
    FASTLY_API_URL: fastly.url,
    FASTLY_API_TOKEN: 'fastly-token',
    FASTLY_SERVICE_ID: 'vpvservice',
    // One process in most tests: the purge need not wait for the others to see the change.
    CDN_PURGE_DELAY_MS: '0',
    LOG_LEVEL: 'info',
  });

  beforeAll(async () => {
    fastly = await startCdnFake(USUAL_ANSWERS.fastly);
    server = await startTestServer(dialect, env(), log);
    cookie = await loginAdmin(server.url, admin);
  });
  afterAll(async () => {
    await server?.close();
    await fastly?.close();
  });
  afterEach(async () => {
    // Each test starts with an empty outbox and fake, and the background sender running.
    await sender().stop();
    await server.services.database.db.deleteFrom('cdn_purges').execute();
    fastly.requests.length = 0;
    fastly.answers.length = 0;
    log.length = 0;
    sender().start();
  });

  const sender = () => {
    const running = server.services.cdnPurges.sender;
    if (!running) throw new Error('no purge sender');
    return running;
  };
  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let termNumber = 0;
  async function createTerm(): Promise<number> {
    termNumber++;
    const response = await call('POST', '/api/glossary', { term: `Purge term ${termNumber}`, definition: 'A term that purges the knowledge base.' });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }
  const purges = () => server.services.database.db.selectFrom('cdn_purges').selectAll().orderBy('id').execute();
  const keysSent = () => fastly.requests.map((request) => request.headers['surrogate-key']);

  it('purges the tags of each kind of change, once each, with the content version it raised', async () => {
    const before = await server.services.contentVersion.current();
    const termId = await createTerm();
    await vi.waitFor(() => expect(keysSent()).toEqual(['glossary']), { timeout: 10_000, interval: 25 });
    expect(fastly.requests[0]).toMatchObject({ method: 'POST', url: '/service/vpvservice/purge' });

    // Site content: the kind's own tag; the company facts are on every page ('site').
    for (const [kind, tag] of [['leaders', 'leaders'], ['company', 'site'], ['faq', 'faq']] as const) {
      const state = (await (await call('GET', `/api/admin/content/${kind}`)).json()) as { revision: number; published: unknown };
      const published = await call('POST', `/api/admin/content/${kind}/publish`, { revision: state.revision, data: state.published });
      expect(published.status, await published.clone().text()).toBe(200);
      await vi.waitFor(() => expect(keysSent().at(-1)).toBe(tag), { timeout: 10_000, interval: 25 });
    }

    // A document to the trash, and a glossary term to the trash and back.
    const documentId = (await server.services.documents.listAdmin())[0]?.id;
    expect(documentId).toBeDefined();
    expect((await call('DELETE', `/api/documents/${documentId}`)).status).toBe(204);
    await vi.waitFor(() => expect(keysSent().at(-1)).toBe('documents'), { timeout: 10_000, interval: 25 });
    expect((await call('DELETE', `/api/glossary/${termId}`)).status).toBe(204);
    expect((await call('POST', `/api/admin/trash/glossary/${termId}/restore`)).status).toBe(200);
    await vi.waitFor(() => expect(keysSent()).toHaveLength(7), { timeout: 10_000, interval: 25 });

    // Nothing more goes out later, and every row is sent, one per version, in order.
    await sender().runOnce(Date.now() + 48 * HOUR);
    expect(keysSent()).toEqual(['glossary', 'leaders', 'site', 'faq', 'documents', 'glossary', 'glossary']);
    const rows = await purges();
    expect(rows.map((row) => [Number(row.content_version), row.status, Number(row.attempts), JSON.parse(row.tags) as unknown])).toEqual(
      keysSent().map((key, index) => [before + index + 1, 'sent', 1, [key]]),
    );
    expect(await server.services.cdnPurges.queueLength()).toBe(0);
    expect(log.some((line) => line.includes('"msg":"CDN purged"') && line.includes('"cdn":"fastly"'))).toBe(true);
  });

  it('sends a change once when two processes send at the same moment', async () => {
    const second: SecondTestServer = await startSecondServer(server, { ...env(), LOG_LEVEL: 'silent' });
    try {
      const otherSender = second.services.cdnPurges.sender;
      if (!otherSender) throw new Error('no purge sender');
      await sender().stop();
      await otherSender.stop();
      // The change comes in through the second process; both send.
      const response = await fetch(`${second.url}/api/glossary`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ term: 'Two process term', definition: 'Purged once.' }),
      });
      expect(response.status).toBe(201);
      const delivered = await Promise.all([sender().runOnce(), otherSender.runOnce(), sender().runOnce(), otherSender.runOnce()]);
      expect(delivered.reduce((sum, count) => sum + count, 0)).toBe(1);
      await Promise.all([sender().runOnce(Date.now() + 48 * HOUR), otherSender.runOnce(Date.now() + 48 * HOUR)]);
      expect(keysSent()).toEqual(['glossary']);
      const rows = await purges();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'sent' });
      expect(Number(rows[0]?.attempts)).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('tries a failed purge again later, logs and counts each failure, and gives up after the last attempt', async () => {
    await sender().stop();
    const failedBefore = server.services.cdnPurges.failedAttempts();
    fastly.answers.push({ status: 503, body: 'Service Unavailable' });
    await createTerm();
    const start = Date.now();
    expect(await sender().runOnce(start)).toBe(0);
    let [row] = await purges();
    expect(row).toMatchObject({ status: 'pending', last_error: 'Fastly purge answered 503: Service Unavailable' });
    expect(Number(row?.attempts)).toBe(1);
    expect(await server.services.cdnPurges.queueLength()).toBe(1);
    expect(server.services.cdnPurges.failedAttempts()).toBe(failedBefore + 1);
    expect(await server.services.cdnPurges.failures()).toBe(0);
    expect(log.some((line) => line.includes('"msg":"CDN purge failed; will retry"') && line.includes('Fastly purge answered 503'))).toBe(true);

    // Not before its time; then again, and sent.
    expect(await sender().runOnce(start)).toBe(0);
    expect(fastly.requests).toHaveLength(1);
    expect(await sender().runOnce(start + 3_000)).toBe(1);
    expect(keysSent()).toEqual(['glossary', 'glossary']);
    [row] = await purges();
    expect(row).toMatchObject({ status: 'sent', last_error: null });
    expect(Number(row?.attempts)).toBe(2);
    expect(await server.services.cdnPurges.queueLength()).toBe(0);

    // A CDN that never takes it: every attempt on the schedule, then failed for good.
    await server.services.database.db.deleteFrom('cdn_purges').execute();
    fastly.requests.length = 0;
    for (let n = 0; n < PURGE_MAX_ATTEMPTS + 2; n++) fastly.answers.push({ status: 500, body: 'broken' });
    await createTerm();
    for (let n = 0; n < PURGE_MAX_ATTEMPTS + 2; n++) await sender().runOnce(Date.now() + (n + 1) * 2 * HOUR);
    expect(fastly.requests).toHaveLength(PURGE_MAX_ATTEMPTS);
    [row] = await purges();
    expect(row).toMatchObject({ status: 'failed', next_attempt_at: null, last_error: 'Fastly purge answered 500: broken' });
    expect(await server.services.cdnPurges.queueLength()).toBe(0);
    expect(await server.services.cdnPurges.failures()).toBe(1);
    expect(server.services.cdnPurges.failedAttempts()).toBe(failedBefore + 1 + PURGE_MAX_ATTEMPTS);
    expect(log.some((line) => line.includes('"msg":"CDN purge failed for good"'))).toBe(true);
  });

  it('the upload sweep deletes purges sent over a week ago and failed ones over a month old, and keeps the rest', async () => {
    await sender().stop();
    const db = server.services.database.db;
    const now = Date.now();
    const row = (id: number, status: 'pending' | 'sent' | 'failed', ageMs: number) => ({
      content_version: 1_000_000 + id,
      tags: '["site"]',
      status,
      next_attempt_at: status === 'pending' ? now : null,
      created_at: now - ageMs,
      sent_at: status === 'sent' ? now - ageMs : null,
    });
    await db
      .insertInto('cdn_purges')
      .values([
        row(1, 'sent', PURGE_KEEP_SENT_MS + HOUR),
        row(2, 'sent', PURGE_KEEP_SENT_MS - HOUR),
        row(3, 'failed', PURGE_KEEP_FAILED_MS + HOUR),
        row(4, 'failed', PURGE_KEEP_SENT_MS + HOUR),
        row(5, 'pending', PURGE_KEEP_FAILED_MS + HOUR),
      ])
      .execute();
    const swept = await sweepUploads(server.services, now);
    expect(swept.cdnPurgesPruned).toBe(2);
    expect((await purges()).map((kept) => Number(kept.content_version) - 1_000_000)).toEqual([2, 4, 5]);
    expect(await server.services.cdnPurges.failures()).toBe(1);
    expect(await server.services.cdnPurges.prune(now)).toBe(0);
  });

  it('waits CDN_PURGE_DELAY_MS after the change, so that every process serves the new content before the CDN asks again', async () => {
    const second = await startSecondServer(server, { ...env(), LOG_LEVEL: 'silent', CDN_PURGE_DELAY_MS: '60000' });
    try {
      const otherSender = second.services.cdnPurges.sender;
      if (!otherSender) throw new Error('no purge sender');
      await sender().stop();
      await otherSender.stop();
      const start = Date.now();
      const response = await fetch(`${second.url}/api/glossary`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ term: 'Delayed purge term', definition: 'Purged a minute later.' }),
      });
      expect(response.status).toBe(201);
      const [row] = await purges();
      expect(Number(row?.next_attempt_at)).toBeGreaterThanOrEqual(start + 60_000);
      expect(await otherSender.runOnce(start + 30_000)).toBe(0);
      expect(await otherSender.runOnce(Date.now() + 61_000)).toBe(1);
      expect(keysSent()).toEqual(['glossary']);
    } finally {
      await second.close();
    }
  });
});

describe.each(testDialects)('purges on %s with CloudFront and with no CDN', (dialect) => {
  it('sends an admin change to CloudFront as an invalidation of everything, named by its content version', async () => {
    const cloudfront = await startCdnFake(USUAL_ANSWERS.cloudfront);
    const server = await startTestServer(dialect, {
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      CDN_PURGE: 'cloudfront',
      CDN_PURGE_DELAY_MS: '0',
      CLOUDFRONT_DISTRIBUTION_ID: DISTRIBUTION,
      CLOUDFRONT_ENDPOINT: cloudfront.url,
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    });
    try {
      await server.services.glossary.create({ term: 'CloudFront term', definition: 'Invalidated.', category: 'general', synonyms: '', relatedTerms: '' }, { id: null, username: admin.username });
      await vi.waitFor(() => expect(cloudfront.requests).toHaveLength(1), { timeout: 10_000, interval: 25 });
      const version = await server.services.contentVersion.current();
      expect(cloudfront.requests[0]?.url).toBe(`/2020-05-31/distribution/${DISTRIBUTION}/invalidation`);
      expect(cloudfront.requests[0]?.body).toContain('<Items><Path>/*</Path></Items>');
      expect(cloudfront.requests[0]?.body).toContain(`<CallerReference>vpv-content-${version}</CallerReference>`);
      await vi.waitFor(async () => expect((await server.services.database.db.selectFrom('cdn_purges').select('status').executeTakeFirst())?.status).toBe('sent'));
    } finally {
      await server.close();
      await cloudfront.close();
    }
  });

  it('queues and sends nothing without CDN_PURGE', async () => {
    const server = await startTestServer(dialect, { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
    try {
      expect(server.services.cdnPurges.enabled).toBe(false);
      expect(server.services.cdnPurges.sender).toBeNull();
      const before = await server.services.contentVersion.current();
      await server.services.glossary.create({ term: 'Unpurged term', definition: 'No CDN.', category: 'general', synonyms: '', relatedTerms: '' }, { id: null, username: admin.username });
      // The page cache still hears of the change; the CDN outbox stays empty.
      expect(await server.services.contentVersion.current()).toBe(before + 1);
      expect(await server.services.database.db.selectFrom('cdn_purges').selectAll().execute()).toEqual([]);
      expect(await server.services.cdnPurges.queueLength()).toBe(0);
      expect(await server.services.cdnPurges.failures()).toBe(0);
      expect(server.services.cdnPurges.failedAttempts()).toBe(0);
    } finally {
      await server.close();
    }
  });
});
