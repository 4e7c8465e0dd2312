import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { outboxServiceOf } from '../../server/metrics/outbox-sources.ts';
import { testDialects } from '../helpers/databases.ts';
import { impostors, samplePdf } from '../helpers/sample-files.ts';
import { type SecondTestServer, type TestServer, loginAdmin, startSecondServer, startTestServer } from '../helpers/server.ts';

// GET /metrics (docs/operations.md, "Metrics"; docs/decisions/029-metrics.md): Prometheus's text
// format behind a bearer token, request durations by route pattern, and the figures the
// services count. Each app has a registry of its own, so these servers count only their requests.
const TOKEN = 'metrics-token-for-the-tests-0123456789';
const admin = { username: 'metrics-admin', password: 'metrics admin password' };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (no escapes in our label values but `\"`, `\\` and `\n`). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1] ?? ''] = (pair[2] ?? '').replace(/\\(.)/g, (_all, char: string) => (char === 'n' ? '\n' : char));
    }
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels`. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

describe.each(testDialects)('GET /metrics on %s', (dialect) => {
  let server: TestServer;
  let unset: SecondTestServer;
  let cookie = '';
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      METRICS_TOKEN: TOKEN,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      TRUST_PROXY: 'loopback',
    });
    unset = await startSecondServer(server);
    cookie = await loginAdmin(server.url, admin);
  }, 60_000);
  afterAll(async () => {
    await unset?.close();
    await server?.close();
  });

  const scrape = async (): Promise<{ text: string; samples: Sample[] }> => {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    return { text, samples: parseExposition(text) };
  };

  it('is not there without METRICS_TOKEN: the 404 page, whatever the token sent', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Array<Record<string, string>>) {
      const response = await fetch(`${unset.url}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('# HELP');
    }
  });

  it('refuses a missing, wrong or other-scheme token with 401 and WWW-Authenticate: Bearer, never stored', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not-the-token' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
      { authorization: 'Bearer' },
    ];
    for (const headers of cases) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="metrics"/);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(await response.text()).not.toContain('# HELP');
    }
  });

  it('answers the token with the text format, private and never stored, naming every metric', async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
    const text = await response.text();
    for (const name of [
      'vpv_http_request_duration_seconds',
      'vpv_page_cache_requests_total',
      'vpv_page_cache_pages',
      'vpv_page_cache_bytes',
      'vpv_page_renders_in_flight',
      'vpv_outbox_queue_length',
      'vpv_outbox_failed',
      'vpv_admin_login_refusals_total',
      'vpv_password_hash_queue_wait_seconds',
      'vpv_document_upload_bytes_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    // Every line parses as a sample or a comment.
    expect(parseExposition(text).length).toBeGreaterThan(50);
  });

  it('has every metric the Grafana dashboard reads (docs/deploy/grafana-dashboard.json)', async () => {
    const { text } = await scrape();
    const dashboard = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/deploy/grafana-dashboard.json'), 'utf8')) as {
      panels: Array<{ targets?: Array<{ expr: string }> }>;
    };
    const expressions = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    expect(expressions.length).toBeGreaterThan(20);
    const names = new Set(expressions.flatMap((expr) => [...expr.matchAll(/\b((?:vpv|nodejs|process)_[a-z0-9_]+)/g)].map((match) => match[1] ?? '')));
    for (const name of names) {
      const family = name.replace(/_(bucket|count|sum)$/, '');
      expect(text, name).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
    }
  });

  /** The status of a GET, once its whole body has arrived (a request is counted when its answer has been sent). */
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, { headers });
    await response.arrayBuffer();
    return response.status;
  };

  it('labels requests by route pattern, never by the path sent, and counts each', async () => {
    const before = (await scrape()).samples;
    const count = (samples: Sample[], route: string, status: string) =>
      valueOf(samples, 'vpv_http_request_duration_seconds_count', { route, status_code: status });

    expect(await get('/knowledge-base?tab=glossary')).toBe(200);
    expect(await get('/knowledge-base.data')).toBe(200);
    expect(await get('/_root.data')).toBe(200);
    expect(await get('/api/documents/download/424242')).toBe(404);
    expect(await get('/api/glossary')).toBe(200);
    expect(await get('/no-such-page-7e3b1f')).toBe(404);
    expect(await get('/api/no-such-endpoint-9c2d')).toBe(404);
    expect(await get('/admin/leads', { cookie })).toBe(200);
    expect(await get('/healthz')).toBe(200);
    expect(await get('/robots.txt')).toBe(200);

    const { text, samples } = await scrape();
    expect(count(samples, '/knowledge-base', '200') - count(before, '/knowledge-base', '200')).toBe(1);
    expect(count(samples, '/knowledge-base.data', '200') - count(before, '/knowledge-base.data', '200')).toBe(1);
    expect(count(samples, '/_root.data', '200') - count(before, '/_root.data', '200')).toBe(1);
    expect(count(samples, '/api/documents/download/:id', '404') - count(before, '/api/documents/download/:id', '404')).toBe(1);
    expect(count(samples, '/api/glossary', '200') - count(before, '/api/glossary', '200')).toBe(1);
    expect(count(samples, '/*', '404') - count(before, '/*', '404')).toBe(1);
    expect(count(samples, 'other', '404') - count(before, 'other', '404')).toBe(1);
    expect(count(samples, '/admin/leads', '200') - count(before, '/admin/leads', '200')).toBe(1);
    expect(count(samples, '/healthz', '200') - count(before, '/healthz', '200')).toBe(1);
    expect(count(samples, '/robots.txt', '200') - count(before, '/robots.txt', '200')).toBe(1);
    // The scrape before this one is counted under its own route.
    expect(count(samples, '/metrics', '200')).toBeGreaterThanOrEqual(1);

    // Nothing a client chose reaches a label: no id, no query, no unknown path.
    for (const raw of ['424242', 'no-such-page-7e3b1f', 'no-such-endpoint-9c2d', 'tab=glossary']) expect(text).not.toContain(raw);
    const routes = new Set(samples.filter((sample) => sample.name === 'vpv_http_request_duration_seconds_count').map((sample) => sample.labels.route));
    for (const route of routes) expect(route).toMatch(/^(\/[\w\-.:*/{}_]*|static|other|page)$/);

    // The histogram's buckets add up: the +Inf bucket is the count.
    const inf = valueOf(samples, 'vpv_http_request_duration_seconds_bucket', { route: '/knowledge-base', le: '+Inf' });
    expect(inf).toBe(valueOf(samples, 'vpv_http_request_duration_seconds_count', { route: '/knowledge-base' }));
  });

  it('labels what the page cache did (miss, then hit) and reports its size; no render is left in flight', async () => {
    const before = (await scrape()).samples;
    let state = '';
    for (let attempt = 0; attempt < 50 && state !== 'hit'; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const response = await fetch(`${server.url}/leadership`);
      await response.text();
      state = response.headers.get('x-page-cache') ?? '';
    }
    expect(state).toBe('hit');
    const { samples } = await scrape();
    const moved = (outcome: string) =>
      valueOf(samples, 'vpv_page_cache_requests_total', { outcome }) - valueOf(before, 'vpv_page_cache_requests_total', { outcome });
    expect(moved('miss')).toBeGreaterThanOrEqual(1);
    expect(moved('hit')).toBeGreaterThanOrEqual(1);
    // Hits are labelled by their page route like the render was.
    expect(valueOf(samples, 'vpv_http_request_duration_seconds_count', { route: '/leadership' })).toBeGreaterThanOrEqual(2);
    expect(valueOf(samples, 'vpv_page_cache_pages')).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'vpv_page_cache_bytes')).toBeGreaterThan(1000);
    expect(valueOf(samples, 'vpv_page_renders_in_flight')).toBe(0);
  });

  it('reports the outboxes from their tables, and an outbox service registered later', async () => {
    const { db } = server.services.database;
    const now = Date.now();
    await db
      .insertInto('lead_notifications')
      .values([
        { kind: 'contact', lead_id: 1, status: 'pending', next_attempt_at: now + 3_600_000, last_error: null, created_at: now, sent_at: null },
        { kind: 'contact', lead_id: 2, status: 'pending', next_attempt_at: now + 3_600_000, last_error: 'refused', created_at: now, sent_at: null },
        { kind: 'demo', lead_id: 3, status: 'failed', next_attempt_at: now, last_error: 'refused', created_at: now, sent_at: null },
        { kind: 'demo', lead_id: 4, status: 'sent', next_attempt_at: now, last_error: null, created_at: now, sent_at: now },
      ])
      .execute();
    let samples = (await scrape()).samples;
    expect(valueOf(samples, 'vpv_outbox_queue_length', { outbox: 'lead_email' })).toBe(2);
    expect(valueOf(samples, 'vpv_outbox_failed', { outbox: 'lead_email' })).toBe(1);
    expect(samples.some((sample) => sample.name === 'vpv_outbox_queue_length' && sample.labels.outbox === 'webhook')).toBe(true);
    expect(valueOf(samples, 'vpv_outbox_queue_length', { outbox: 'webhook' })).toBe(0);

    // The CDN purges' service (services.cdnPurges) is read through the same two methods.
    expect(outboxServiceOf({}, 'cdnPurges')).toBeNull();
    expect(outboxServiceOf({ cdnPurges: { queueLength: () => 1 } }, 'cdnPurges')).toBeNull();
    const purges = outboxServiceOf({ cdnPurges: { queueLength: () => Promise.resolve(3), failures: () => 2 } }, 'cdnPurges');
    expect(purges).not.toBeNull();
    if (purges) server.services.metrics.registerOutbox('cdn_purge', purges);
    // One that fails leaves only itself out of the scrape.
    server.services.metrics.registerOutbox('broken', { queueLength: () => Promise.reject(new Error('gone')), failures: () => 0 });
    samples = (await scrape()).samples;
    expect(valueOf(samples, 'vpv_outbox_queue_length', { outbox: 'cdn_purge' })).toBe(3);
    expect(valueOf(samples, 'vpv_outbox_failed', { outbox: 'cdn_purge' })).toBe(2);
    expect(samples.some((sample) => sample.name === 'vpv_outbox_queue_length' && sample.labels.outbox === 'broken')).toBe(false);
    expect(valueOf(samples, 'vpv_outbox_failed', { outbox: 'broken' })).toBe(0);
    expect(valueOf(samples, 'vpv_outbox_queue_length', { outbox: 'lead_email' })).toBe(2);
  });

  it('counts login refusals by reason and the hashing queue waits', async () => {
    const before = (await scrape()).samples;
    const ip = '198.18.27.1';
    const statuses: number[] = [];
    // Five wrong passwords for one username from one address are checked; the sixth is refused (the pair's limit).
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ username: 'someone-else', password: `wrong password ${i}` }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const { samples } = await scrape();
    const refusals = (reason: string) =>
      valueOf(samples, 'vpv_admin_login_refusals_total', { reason }) - valueOf(before, 'vpv_admin_login_refusals_total', { reason });
    expect(refusals('pair')).toBe(1);
    expect(refusals('address')).toBe(0);
    expect(valueOf(samples, 'vpv_password_hash_queue_wait_seconds_count') - valueOf(before, 'vpv_password_hash_queue_wait_seconds_count')).toBe(5);
  }, 60_000);

  it('counts the bytes of each stored upload the intake accepted or refused', async () => {
    const before = (await scrape()).samples;
    const upload = (bytes: Buffer, name: string, title: string) => {
      const body = new FormData();
      // The file first: stored as it arrives, then the fields decide.
      body.append('file', new Blob([new Uint8Array(bytes)]), name);
      body.append('title', title);
      body.append('description', 'Counted');
      body.append('category', 'infographics');
      return fetch(`${server.url}/api/documents/upload`, { method: 'POST', body, headers: { cookie, origin: server.url } });
    };
    const pdf = samplePdf();
    expect((await upload(pdf, 'note.pdf', 'Metrics note')).status).toBe(201);
    // Stored, then refused by the intake for its fields.
    expect((await upload(pdf, 'note.pdf', '')).status).toBe(400);
    // Refused by its first bytes before anything was stored: not counted.
    expect((await upload(impostors.phpAsPdf, 'fake.pdf', 'Metrics note')).status).toBe(415);
    const { samples } = await scrape();
    const bytes = (outcome: string) =>
      valueOf(samples, 'vpv_document_upload_bytes_total', { outcome }) - valueOf(before, 'vpv_document_upload_bytes_total', { outcome });
    expect(bytes('accepted')).toBe(pdf.length);
    expect(bytes('refused')).toBe(pdf.length);
  });
});

describe('METRICS_TOKEN', () => {
  it('is off when unset and refused when short, spaced or not ASCII, without echoing it', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    for (const bad of ['short', 'a token with spaces in it', 'ünïcödé-token-0123456789']) {
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(ConfigError);
      try {
        loadConfig({ METRICS_TOKEN: bad });
      } catch (error) {
        expect(String(error)).toContain('METRICS_TOKEN=(hidden)');
        expect(String(error)).not.toContain(bad);
      }
    }
  });
});
