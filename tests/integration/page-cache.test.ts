import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_VERSION_READ_INTERVAL_MS } from '../../server/services/pages/content-version.ts';
import { testDialects } from '../helpers/databases.ts';
import { type SecondTestServer, type TestServer, loginAdmin, startSecondServer, startTestServer } from '../helpers/server.ts';

// The page cache (server/page-cache/, decision 020): a visitor's second request for a page is
// answered from memory with the same bytes, precompressed, under a CSP that allows exactly the
// page's inline scripts by hash; admins never read or fill it; a content change shows on the
// next request, and within a second on another process sharing the database.
const admin = { username: 'cache-admin', password: 'cache admin password' };

interface Got {
  status: number;
  cache: string | null;
  csp: string;
  encoding: string | null;
  etag: string | null;
  body: string;
}

/** A GET of the uncompressed page (the encodings have a test of their own). */
async function get(url: string, headers: Record<string, string> = {}): Promise<Got> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  return {
    status: response.status,
    cache: response.headers.get('x-page-cache'),
    csp: response.headers.get('content-security-policy') ?? '',
    encoding: response.headers.get('content-encoding'),
    etag: response.headers.get('etag'),
    body: await response.text(),
  };
}

/**
 * The first GET of a page, then the same GET again until it comes from the cache: a rendered
 * page is kept once it has been sent and compressed, a few tens of milliseconds later.
 */
async function render(url: string, headers: Record<string, string> = {}): Promise<{ first: Got; hit: Got }> {
  const first = await get(url, headers);
  for (let attempt = 0; attempt < 100; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await get(url, headers);
    if (again.cache === 'hit') return { first, hit: again };
  }
  throw new Error(`${url} never came from the cache`);
}

/** The nonce attributes are per response; everything else must be byte for byte the same. */
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, '');

/** Every inline script's text, found independently of the server's own parser. */
function inlineScriptTexts(html: string): string[] {
  const texts: string[] = [];
  let at = 0;
  for (;;) {
    const start = html.indexOf('<script', at);
    if (start < 0) return texts;
    const tagEnd = html.indexOf('>', start);
    const close = html.indexOf('</script>', tagEnd);
    if (!/\ssrc=/.test(html.slice(start, tagEnd))) texts.push(html.slice(tagEnd + 1, close));
    at = close + 9;
  }
}
const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
const scriptSrc = (csp: string) => csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';

describe.each(testDialects)('the page cache on %s', (dialect) => {
  let server: TestServer;
  let second: SecondTestServer;
  let adminCookie = '';

  beforeAll(async () => {
    const env = { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password };
    server = await startTestServer(dialect, env);
    second = await startSecondServer(server, env);
    adminCookie = await loginAdmin(server.url, admin);
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  it('renders a page once, then serves the same bytes with a CSP of its inline scripts’ hashes, in brotli, gzip or none', async () => {
    const { first, hit } = await render(`${server.url}/leadership`);
    // The first answer is already the kept copy, hashes and ETag included (decision 028's amendment).
    expect(first).toMatchObject({ status: 200, cache: 'miss' });
    expect(first.csp).toBe(hit.csp);
    expect(first.etag).toBe(hit.etag);
    expect(hit).toMatchObject({ status: 200, cache: 'hit', encoding: null });
    expect(hit.body).toBe(first.body);
    // An admin's rendering (never kept) has the per-response nonce the copy's hashes replace.
    const rendered = await get(`${server.url}/leadership`, { cookie: adminCookie });
    expect(scriptSrc(rendered.csp)).toMatch(/'nonce-/);
    // No nonce: the hashes of exactly the page's inline scripts, and 'self' for its modules.
    const allowed = scriptSrc(hit.csp);
    expect(allowed).not.toMatch(/'nonce-/);
    expect(allowed).toContain("'self'");
    const expected = new Set(inlineScriptTexts(hit.body).map(sha256));
    expect(expected.size).toBeGreaterThan(1);
    expect(new Set(allowed.match(/'sha256-[^']+'/g))).toEqual(expected);
    // The rest of the policy is the uncached one.
    expect(hit.csp.replace(allowed, '')).toBe(rendered.csp.replace(scriptSrc(rendered.csp), ''));

    for (const encoding of ['br', 'gzip'] as const) {
      const response = await fetch(`${server.url}/leadership`, { headers: { 'accept-encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
      expect(withoutNonces(await response.text())).toBe(withoutNonces(first.body));
    }
  });

  it('sends a hit with every header its rendering went out with, though it is answered before the middleware that set them', async () => {
    const url = `${server.url}/lng-vs-cng`;
    const first = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    await first.text();
    expect(first.headers.get('x-page-cache')).toBe('miss');
    let hit = first;
    for (let attempt = 0; attempt < 50 && hit.headers.get('x-page-cache') !== 'hit'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      hit = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      await hit.text();
    }
    expect(hit.headers.get('x-page-cache')).toBe('hit');
    // Those of one response, the two a hit sets itself (checked in the tests around this one), and
    // its Cache-Control (a shared cache may keep a hit, not a rendering: cache-headers.test.ts).
    const ownHeaders = new Set(['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'x-page-cache', 'etag', 'content-security-policy', 'vary', 'cache-control']);
    const pageHeaders = (response: Response) => [...response.headers].filter(([name]) => !ownHeaders.has(name));
    expect(pageHeaders(first).map(([name]) => name)).toEqual(
      expect.arrayContaining(['x-frame-options', 'referrer-policy', 'x-content-type-options', 'cross-origin-opener-policy', 'content-type']),
    );
    expect(pageHeaders(hit)).toEqual(pageHeaders(first));
    // The first answer is the copy: its CSP, ETag and caching headers are the hit's.
    for (const name of ['content-security-policy', 'etag', 'cache-control', 'vary']) expect(first.headers.get(name), name).toBe(hit.headers.get(name));
    expect(hit.headers.get('vary')).toMatch(/^Cookie, Accept-Encoding$/i);
  });

  it('answers a repeat visit with 304 and HEAD from the cache', async () => {
    const { hit } = await render(`${server.url}/sitemap`);
    expect(hit.etag).toMatch(/^"/);
    // Not fetch: with If-None-Match it adds Cache-Control: no-cache, as the Fetch standard says.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      http.get(`${server.url}/sitemap`, { headers: { 'if-none-match': hit.etag ?? '' } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on('error', reject);
    });
    expect(status).toBe(304);
    const head = await fetch(`${server.url}/sitemap`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-page-cache')).toBe('hit');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
  });

  it('keys pages by path and the parameters pages read: ?utm_source= neither fills nor busts it, ?tab= and ?search= are their own pages', async () => {
    await render(`${server.url}/lng-vs-cng`);
    expect((await get(`${server.url}/lng-vs-cng?utm_source=newsletter&x=${Math.random()}`)).cache).toBe('hit');

    const faq = await render(`${server.url}/knowledge-base?tab=faq&utm_campaign=launch`);
    expect(faq.first.cache).toBe('miss');
    expect(faq.first.body).toContain('"@type":"FAQPage"');
    const faqHit = await get(`${server.url}/knowledge-base?tab=faq`);
    expect(faqHit.cache).toBe('hit');
    expect(withoutNonces(faqHit.body)).toBe(withoutNonces(faq.first.body));

    const search = await render(`${server.url}/knowledge-base?search=boil-off`);
    expect(search.first.cache).toBe('miss');
    expect(withoutNonces(search.hit.body)).toBe(withoutNonces(search.first.body));
    expect((await get(`${server.url}/knowledge-base?search=propane`)).cache).toBe('miss');
  });

  it('keeps the 404 page but not other failures, and caches React Router’s data requests', async () => {
    const notFound = await render(`${server.url}/no-such-page`);
    expect(notFound.first.status).toBe(404);
    expect(notFound.hit.status).toBe(404);

    // A search with a control character is refused with a 400: rendered each time, never kept.
    expect((await get(`${server.url}/knowledge-base?search=%01`)).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await get(`${server.url}/knowledge-base?search=%01`)).toMatchObject({ status: 400, cache: 'miss' });

    const data = await render(`${server.url}/knowledge-base.data?tab=faq`);
    expect(data.hit.body).toBe(data.first.body);
  });

  it('never serves or stores an admin’s page, and a visitor never sees admin controls', async () => {
    const asAdmin = await get(`${server.url}/knowledge-base?tab=glossary`, { cookie: adminCookie });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.cache).toBeNull();
    expect(asAdmin.body).toContain('All Documents');

    const visitor = await render(`${server.url}/knowledge-base?tab=glossary`);
    expect(visitor.first.cache).toBe('miss');
    expect(visitor.first.body).not.toContain('All Documents');
    expect(visitor.hit.body).not.toContain('All Documents');

    // Cached for visitors now, the admin still gets a page of their own; so does a stale cookie.
    expect((await get(`${server.url}/knowledge-base?tab=glossary`, { cookie: adminCookie })).body).toContain('All Documents');
    const stale = await get(`${server.url}/knowledge-base?tab=glossary`, { cookie: `${adminCookie.split('=')[0]}=${'x'.repeat(43)}` });
    expect(stale.cache).toBeNull();
    expect(stale.body).not.toContain('All Documents');
  });

  it('shows a glossary change on the next request, here at once and on the other process within a second', async () => {
    const page = (url: string) => get(`${url}/knowledge-base?search=cryocooler`);
    for (const url of [server.url, second.url]) {
      const { hit } = await render(`${url}/knowledge-base?search=cryocooler`);
      expect(hit.body).not.toContain('Cryocooler test term');
    }

    const created = await fetch(`${server.url}/api/glossary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: adminCookie },
      body: JSON.stringify({ term: 'Cryocooler test term', definition: 'A small refrigerator for cryogenic temperatures.' }),
    });
    expect(created.status).toBe(201);

    const here = await page(server.url);
    expect(here.cache).toBe('miss');
    expect(here.body).toContain('Cryocooler test term');
    // The first answer after the change is already the shareable copy, with the hashes.
    expect(scriptSrc(here.csp)).toMatch(/'sha256-/);
    expect(scriptSrc(here.csp)).not.toMatch(/'nonce-/);

    // The other process reads the content version at most once a second.
    await new Promise((resolve) => setTimeout(resolve, CONTENT_VERSION_READ_INTERVAL_MS + 100));
    const there = await page(second.url);
    expect(there.cache).toBe('miss');
    expect(there.body).toContain('Cryocooler test term');
    expect((await render(`${second.url}/knowledge-base?search=cryocooler`)).hit.body).toContain('Cryocooler test term');
  });

  it('renders a page once per change: meanwhile visitors get the previous copy, then the new one', async () => {
    const url = `${server.url}/knowledge-base?search=liquefier`;
    const { hit } = await render(url);
    expect(hit.body).not.toContain('Liquefier burst term');
    const created = await fetch(`${server.url}/api/glossary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: adminCookie },
      body: JSON.stringify({ term: 'Liquefier burst term', definition: 'A plant that turns natural gas into LNG.' }),
    });
    expect(created.status).toBe(201);

    const burst = await Promise.all(Array.from({ length: 20 }, () => get(url)));
    expect(burst.every((got) => got.status === 200)).toBe(true);
    // Exactly one request rendered the changed page; every other one got a kept copy.
    const rendered = burst.filter((got) => got.cache === 'miss');
    expect(rendered).toHaveLength(1);
    expect(rendered[0]!.body).toContain('Liquefier burst term');
    for (const got of burst.filter((one) => one.cache !== 'miss')) {
      expect(['stale', 'hit']).toContain(got.cache);
      expect(got.body.includes('Liquefier burst term')).toBe(got.cache === 'hit');
    }
    // Once the fresh copy is kept, everyone gets it.
    expect((await render(url)).hit.body).toContain('Liquefier burst term');
  });

  it('renders a page nobody has asked for once, however many visitors ask at the same moment', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, () => get(`${server.url}/knowledge-base?search=single-flight`)));
    expect(burst.every((got) => got.status === 200)).toBe(true);
    expect(burst.filter((got) => got.cache === 'miss')).toHaveLength(1);
    // The others waited for that rendering's copy (a burst with no copy at all gets no stale page).
    expect(burst.filter((got) => got.cache === 'hit').length).toBeGreaterThan(0);
    expect(burst.some((got) => got.cache === 'stale')).toBe(false);
  });

  it('shows a deleted document gone on the next request', async () => {
    const documents = (await (await fetch(`${server.url}/api/documents`, { headers: { cookie: adminCookie } })).json()) as Array<{
      id: number;
      title: string;
      category: string;
    }>;
    const target = documents.find((document) => ['infographics', 'articles', 'spec-sheets', 'social-content'].includes(document.category));
    if (!target) throw new Error('no sample document on a document tab');
    const url = `${server.url}/knowledge-base?tab=${target.category}`;
    const escapedTitle = target.title.replace(/&/g, '&amp;');
    expect((await render(url)).hit.body).toContain(escapedTitle);

    const removed = await fetch(`${server.url}/api/documents/${target.id}`, { method: 'DELETE', headers: { cookie: adminCookie } });
    expect(removed.ok).toBe(true);
    const after = await get(url);
    expect(after.cache).toBe('miss');
    expect(after.body).not.toContain(escapedTitle);
  });

  it('never keeps React Router’s route discovery: each set of paths gets its own routes', async () => {
    const html = await (await fetch(`${server.url}/sitemap`)).text();
    const version = /manifest-([0-9a-f]+)\.js/.exec(html)?.[1] ?? '';
    expect(version).not.toBe('');
    const manifest = async (paths: string) => {
      const response = await fetch(`${server.url}/__manifest?paths=${encodeURIComponent(paths)}&version=${version}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-page-cache')).toBeNull();
      return Object.keys((await response.json()) as Record<string, unknown>);
    };
    const leadership = await manifest('/leadership');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const knowledgeBase = await manifest('/knowledge-base');
    expect(leadership).toContain('routes/leadership');
    expect(knowledgeBase).toContain('routes/knowledge-base');
    expect(knowledgeBase).not.toContain('routes/leadership');
  });
});
