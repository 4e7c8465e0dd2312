import http from 'node:http';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { RENDERED_PAGE, cacheHeaders, markPageResponse } from '../../server/http-cache/cache-headers.ts';
import { type TestServer, startTestServer } from '../helpers/server.ts';

// The caching headers a CDN in front acts on (server/http-cache/, decision 028): a page from the
// page cache is public for shared caches with its tags; a page rendered for this request is kept
// by none (its CSP names a nonce); everything personal is private, no-store; static files keep
// their own. The rules read the request and the response, never the database, so one dialect.
const admin = { username: 'cdn-admin', password: 'cdn admin password' };
const settings = { CDN_S_MAXAGE: '120', CDN_STALE_WHILE_REVALIDATE: '30', CDN_STALE_IF_ERROR: '3600' };
const PUBLIC = 'public, max-age=0, s-maxage=120, stale-while-revalidate=30, stale-if-error=3600';
const PRIVATE = 'private, no-store';

interface Got {
  status: number;
  headers: Headers;
  cacheControl: string | null;
  pageCache: string | null;
  surrogateKey: string | null;
  cacheTag: string | null;
  body: string;
}

async function get(url: string, init: RequestInit = {}): Promise<Got> {
  const response = await fetch(url, { redirect: 'manual', ...init, headers: { 'accept-encoding': 'identity', ...(init.headers as Record<string, string>) } });
  return {
    status: response.status,
    headers: response.headers,
    cacheControl: response.headers.get('cache-control'),
    pageCache: response.headers.get('x-page-cache'),
    surrogateKey: response.headers.get('surrogate-key'),
    cacheTag: response.headers.get('cache-tag'),
    body: await response.text(),
  };
}

/** The first GET, then the same GET until the page cache answers it (a copy is kept once compressed). */
async function firstAndHit(url: string): Promise<{ first: Got; hit: Got }> {
  const first = await get(url);
  for (let attempt = 0; attempt < 200; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await get(url);
    if (again.pageCache === 'hit') return { first, hit: again };
  }
  throw new Error(`${url} never came from the page cache`);
}

const scriptSrc = (got: Got) =>
  (got.headers.get('content-security-policy') ?? '').split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';

/** A GET with node:http (fetch adds Cache-Control: no-cache to a conditional request). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, headers: response.headers });
      })
      .on('error', reject);
  });
}

describe('caching headers for a CDN', () => {
  let server: TestServer;
  let cookie = '';

  beforeAll(async () => {
    server = await startTestServer('sqlite', { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, LEADS_RATE_LIMIT: '0', ...settings });
    const login = await get(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(login.status).toBe(200);
    // A response that sets a cookie.
    expect(login.cacheControl).toBe(PRIVATE);
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^vpv_admin=/);
  });
  afterAll(async () => server?.close());

  it('sends a page’s first answer as the shareable copy the page cache then serves: public, with the hashes, an ETag and its tags', async () => {
    const { first, hit } = await firstAndHit(`${server.url}/leadership`);
    // The request that rendered it gets the copy itself (decision 028's amendment): a CDN keeps its first answer.
    expect(first.pageCache).toBe('miss');
    expect(first.cacheControl).toBe(PUBLIC);
    expect(scriptSrc(first)).not.toMatch(/'nonce-/);
    expect(first.headers.get('content-security-policy')).toBe(hit.headers.get('content-security-policy'));
    expect(first.headers.get('etag')).toBe(hit.headers.get('etag'));
    expect(first.surrogateKey).toBe('page:/leadership site leaders');
    expect(first.cacheTag).toBe('page:/leadership,site,leaders');
    expect(first.body).toBe(hit.body);

    expect(hit.cacheControl).toBe(PUBLIC);
    expect(scriptSrc(hit)).not.toMatch(/'nonce-/);
    expect(hit.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(hit.surrogateKey).toBe('page:/leadership site leaders');
    expect(hit.cacheTag).toBe('page:/leadership,site,leaders');
    expect(hit.headers.get('set-cookie')).toBeNull();
    expect(hit.headers.get('vary')).toMatch(/Accept-Encoding/);

    // A browser revalidating its copy: 304 with the same rules.
    const revalidated = await rawGet(`${server.url}/leadership`, { 'if-none-match': hit.headers.get('etag') ?? '' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['cache-control']).toBe(PUBLIC);
    expect(revalidated.headers['surrogate-key']).toBe('page:/leadership site leaders');
    // HEAD too.
    const head = await get(`${server.url}/leadership`, { method: 'HEAD' });
    expect(head).toMatchObject({ status: 200, pageCache: 'hit', cacheControl: PUBLIC, surrogateKey: 'page:/leadership site leaders' });
  });

  it('tags each page with what it shows, its query variants and data requests with the page’s tags', async () => {
    const home = (await firstAndHit(`${server.url}/`)).hit;
    expect(home.surrogateKey).toBe('page:/ site associations');
    expect(home.cacheTag).toBe('page:/,site,associations');

    const faq = (await firstAndHit(`${server.url}/knowledge-base?tab=faq`)).hit;
    expect(faq.cacheControl).toBe(PUBLIC);
    expect(faq.surrogateKey).toBe('page:/knowledge-base site glossary documents faq');

    const data = (await firstAndHit(`${server.url}/knowledge-base.data?tab=faq`)).hit;
    expect(data.cacheControl).toBe(PUBLIC);
    expect(data.surrogateKey).toBe('page:/knowledge-base site glossary documents faq');
    const rootData = (await firstAndHit(`${server.url}/_root.data`)).hit;
    expect(rootData.surrogateKey).toBe('page:/ site associations');

    const other = (await firstAndHit(`${server.url}/vpv-market`)).hit;
    expect(other.surrogateKey).toBe('page:/vpv-market site');
  });

  it('keeps robots.txt’s and sitemap.xml’s hour for browsers, and makes their page-cache copies public like pages', async () => {
    for (const file of ['/robots.txt', '/sitemap.xml']) {
      const { first, hit } = await firstAndHit(`${server.url}${file}`);
      expect(first.cacheControl, file).toBe(hit.cacheControl);
      expect(hit.cacheControl, file).toBe('public, max-age=3600, s-maxage=120, stale-while-revalidate=30, stale-if-error=3600');
      expect(hit.surrogateKey, file).toBe(`page:${file} site`);
    }
  });

  it('keeps the 404 page public with its tags; a path too long for a tag keeps only `site`, separators are escaped', async () => {
    const notFound = (await firstAndHit(`${server.url}/no-such,page`)).hit;
    expect(notFound.status).toBe(404);
    expect(notFound.cacheControl).toBe(PUBLIC);
    expect(notFound.surrogateKey).toBe('page:/no-such%2Cpage site');
    expect(notFound.cacheTag).toBe('page:/no-such%2Cpage,site');

    const long = await get(`${server.url}/${'x'.repeat(1100)}`);
    expect(long.status).toBe(404);
    expect(long.surrogateKey).toBe('site');
  });

  it('never lets a shared cache keep a page that is rendered each time (a calculator’s inputs) or a failure', async () => {
    for (const round of [1, 2]) {
      const calculated = await get(`${server.url}/lng-vs-cng?price=3.1`);
      expect(calculated.pageCache, `round ${round}`).toBeNull();
      expect(calculated.cacheControl, `round ${round}`).toBe(RENDERED_PAGE);
    }
    const refused = await get(`${server.url}/knowledge-base?search=%01`);
    expect(refused.status).toBe(400);
    expect(refused.cacheControl).toBe(RENDERED_PAGE);
  });

  it('sends a variant’s first answer shareable too, though the page cache keeps it only from its second request', async () => {
    const url = `${server.url}/knowledge-base?search=first-answer`;
    const first = await get(url);
    expect(first).toMatchObject({ status: 200, pageCache: 'miss', cacheControl: PUBLIC });
    expect(scriptSrc(first)).not.toMatch(/'nonce-/);
    expect(first.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(first.surrogateKey).toBe('page:/knowledge-base site glossary documents faq');
    const { hit } = await firstAndHit(url);
    expect(hit.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    // Another rendering (the copy kept from the second request on): the same page but for its nonce attributes, so another ETag.
    expect(hit.body.replace(/ nonce="[^"]*"/g, '')).toBe(first.body.replace(/ nonce="[^"]*"/g, ''));
  });

  it('serves an older copy while the new one renders as not for shared caches, and the new one’s first answer as public', async () => {
    await firstAndHit(`${server.url}/knowledge-base`);
    const created = await get(`${server.url}/api/glossary`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ term: 'CDN TEST TERM', definition: 'A term made by the caching headers test.' }),
    });
    expect(created.status).toBe(201);
    expect(created.cacheControl).toBe(PRIVATE);
    const burst = await Promise.all(Array.from({ length: 6 }, () => get(`${server.url}/knowledge-base`)));
    expect(burst.map((got) => got.pageCache)).toContain('miss');
    for (const got of burst) {
      expect(got.cacheControl, String(got.pageCache)).toBe(got.pageCache === 'stale' ? RENDERED_PAGE : PUBLIC);
      if (got.pageCache !== 'stale') expect(got.body).toContain('CDN TEST TERM');
    }
    expect((await firstAndHit(`${server.url}/knowledge-base`)).hit.cacheControl).toBe(PUBLIC);
  });

  it('makes every answer to the admin private, no-store: pages, data requests, previews, the admin pages', async () => {
    for (const target of ['/leadership', '/leadership.data', '/leadership?preview=drafts', '/knowledge-base.data?tab=faq&preview=drafts', '/admin/leads', '/admin/leads.data']) {
      const got = await get(`${server.url}${target}`, { headers: { cookie } });
      expect(got.cacheControl, target).toBe(PRIVATE);
      expect(got.pageCache, target).toBeNull();
      expect(got.surrogateKey, target).toBeNull();
      expect(got.cacheTag, target).toBeNull();
      expect(got.headers.get('set-cookie'), target).toBeNull();
    }
    // A cookie that is not a live session still keeps shared caches away (it is the admin's name).
    const stale = await get(`${server.url}/leadership`, { headers: { cookie: `vpv_admin=${'x'.repeat(43)}` } });
    expect(stale.cacheControl).toBe(PRIVATE);
  });

  it('makes the admin pages private for visitors too, and the API, reads included', async () => {
    for (const target of ['/admin/leads', '/admin/leads.data', '/admin/content', '/api/glossary', '/api/admin/messages', '/api/no-such-endpoint']) {
      const got = await get(`${server.url}${target}`);
      expect(got.cacheControl, target).toBe(PRIVATE);
      expect(got.surrogateKey, target).toBeNull();
    }
  });

  it('makes lead posts private, no-store, refused or accepted', async () => {
    const post = (fields: Record<string, string>) =>
      get(`${server.url}/?index`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
        body: new URLSearchParams(fields).toString(),
      });
    const contact = { firstName: 'Ada', lastName: 'Quill', company: 'Quill Gas', message: 'Call me about CNG' };
    const refused = await post({ ...contact, email: 'not-an-address', leadForm: 'contact', website: '' });
    expect(refused.status).toBe(400);
    expect(refused.cacheControl).toBe(PRIVATE);
    expect(refused.surrogateKey).toBeNull();
    const accepted = await post({ ...contact, email: 'ada@quill.example.com', leadForm: 'contact', website: '' });
    expect(accepted.status).toBe(303);
    expect(accepted.cacheControl).toBe(PRIVATE);
  });

  it('makes uploads private, no-store, and leaves the uploaded photo and the assets their immutable caching, admin or not', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 10, g: 90, b: 160 } } }).jpeg().toBuffer();
    const upload = await fetch(`${server.url}/api/admin/content/leader-photos`, { method: 'POST', headers: { cookie, 'content-type': 'image/jpeg' }, body: new Uint8Array(jpeg) });
    expect(upload.status).toBe(201);
    expect(upload.headers.get('cache-control')).toBe(PRIVATE);
    const { urls } = (await upload.json()) as { urls: Record<'160' | '320', string> };
    const refused = await get(`${server.url}/api/admin/content/leader-photos`, { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(jpeg) });
    expect(refused.status).toBe(401);
    expect(refused.cacheControl).toBe(PRIVATE);

    const asset = readdirSync(path.resolve(import.meta.dirname, '..', '..', process.env.BUILD_DIR ?? 'build', 'client', 'assets')).find((name) => name.endsWith('.js'));
    expect(asset).toBeDefined();
    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      const photo = await get(`${server.url}${urls['160']}`, { headers });
      expect(photo.status).toBe(200);
      expect(photo.cacheControl).toBe('public, max-age=31536000, immutable');
      const script = await get(`${server.url}/assets/${asset}`, { headers });
      expect(script.status).toBe(200);
      expect(script.cacheControl).toBe('public, max-age=31536000, immutable');
      expect(script.surrogateKey).toBeNull();
    }
    // A missing photo stays uncached.
    expect((await get(`${server.url}/media/leader-photos/00000000-0000-0000-0000-000000000000/160.webp`)).cacheControl).toBe('no-store');
    expect((await get(`${server.url}/healthz`)).cacheControl).toBe('no-store');
  });
});

describe('the caching rules on a bare app', () => {
  // Rules no route of the site exercises alone: a GET that sets a cookie, and a download's no-transform.
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    const app = express();
    app.use(cacheHeaders({ settings: { sMaxAge: 300, staleWhileRevalidate: 60, staleIfError: 86_400 }, isAdminRequest: () => false }));
    app.get('/api/download', (_req, res) => {
      res.set('Cache-Control', 'no-store, no-transform').send('bytes');
    });
    app.use(markPageResponse);
    app.get('/cookie-page', (_req, res) => {
      res.set('X-Page-Cache', 'hit').cookie('tracker', '1').send('page');
    });
    app.get('/hit-page', (_req, res) => {
      res.set('X-Page-Cache', 'hit').send('page');
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('makes any response that sets a cookie private, no-store, without tags', async () => {
    const got = await get(`${url}/cookie-page`);
    expect(got.headers.get('set-cookie')).toMatch(/^tracker=1/);
    expect(got.cacheControl).toBe(PRIVATE);
    expect(got.surrogateKey).toBeNull();
  });

  it('uses the defaults, and keeps a download’s no-transform', async () => {
    expect((await get(`${url}/hit-page`)).cacheControl).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400');
    expect((await get(`${url}/api/download`)).cacheControl).toBe('private, no-store, no-transform');
  });
});

describe('the CDN settings', () => {
  it('default to 300, 60 and 86400 seconds and refuse what is not a whole number of seconds', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).cdnCache).toEqual({ sMaxAge: 300, staleWhileRevalidate: 60, staleIfError: 86_400 });
    expect(loadConfig({ NODE_ENV: 'test', CDN_S_MAXAGE: '0' }).cdnCache.sMaxAge).toBe(0);
    expect(() => loadConfig({ NODE_ENV: 'test', CDN_S_MAXAGE: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', CDN_STALE_WHILE_REVALIDATE: '1.5' })).toThrow(/CDN_STALE_WHILE_REVALIDATE="1.5": must be a whole number of seconds/);
    expect(() => loadConfig({ NODE_ENV: 'test', CDN_STALE_IF_ERROR: 'a day' })).toThrow(/CDN_STALE_IF_ERROR="a day": must be a number of seconds/);
  });
});
