import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages, notFoundPage } from '@content/pages';
import { createApp } from '../../server/app.ts';
import { listen, closeGracefully } from '../../server/http-server.ts';
import { runHydrationLoader } from '../helpers/hydration-loader.ts';
import { type TestServer, startTestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  // Every request renders (no page cache): these tests are about the render and its nonce;
  // tests/integration/page-cache.test.ts covers the cached copies.
  server = await startTestServer('sqlite', { SITE_URL: 'https://www.vpv.example', PAGE_CACHE_MAX_BYTES: '0' });
});
afterAll(async () => server?.close());

const get = (route: string, init?: RequestInit) => fetch(`${server.url}${route}`, init);

describe('the HTTP server', () => {
  it.each(Object.values(pages))('renders $path with its title, description, canonical and no cookie', async (page) => {
    const response = await get(page.path);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    const html = await response.text();
    expect(html).toContain(`<title>${page.title.replace(/&/g, '&amp;')}</title>`);
    expect(html).toContain(`<meta name="description" content="${page.description.replace(/&/g, '&amp;')}"/>`);
    expect(html).toContain(`<link rel="canonical" href="https://www.vpv.example${page.path}"/>`);
    expect(html).toContain('<meta name="robots" content="index, follow"/>');
    expect(html).toContain('property="og:image" content="https://www.vpv.example/og-default.png"');
  });

  it('answers an unknown route with 404, the not-found card and a Page Not Found title', async () => {
    const response = await get('/no-such-page');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<title>Page Not Found</title>');
    expect(html).toContain(notFoundPage.heading);
    expect(html).toContain(notFoundPage.text);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  it('puts the Organization and WebSite SearchAction JSON-LD on the home page', async () => {
    const html = await (await get('/')).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
    );
    expect(blocks.map((block) => block['@type'])).toEqual(['Organization', 'WebSite']);
    expect(JSON.stringify(blocks[1])).toContain('https://www.vpv.example/knowledge-base?search={search_term_string}');
  });

  it('sends a CSP whose script nonce changes per request and matches every inline script', async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const response = await get('/');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      const html = await response.text();
      const inlineScripts = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")([^>]*)>/g)];
      expect(inlineScripts.length).toBeGreaterThan(0);
      for (const script of inlineScripts) expect(script[1]).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  // React Router's markup as this build renders it: if an upgrade changes its tags so that the
  // rewrite no longer finds them, pages hydrate before the first paint again, and this fails.
  it('holds the hydration scripts back for the first paint, and every script it names exists', async () => {
    const html = await (await get('/leadership')).text();
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    const head = html.slice(0, html.indexOf('</head>'));
    // The loader is the head's last script.
    const loader = /^<script nonce="[^"]+">([^]*)<\/script>$/.exec(head.slice(head.lastIndexOf('<script')))?.[1] ?? '';
    const [, attributes = '', held = ''] = /<script([^>]* type="text\/x-deferred-module"[^>]*)>(.*?)<\/script>/s.exec(html) ?? [];
    const nonce = / nonce="([^"]+)"/.exec(attributes)?.[1] ?? '';
    expect(nonce).not.toBe('');
    // The loader as the build wrote it (a serialised function) runs on its own and restores what was held back.
    const run = runHydrationLoader(loader, { type: 'text/x-deferred-module', nonce, textContent: held });
    expect(run.restored).toEqual({ type: 'module', nonce, textContent: held });
    const preloads = run.preloads;
    expect(preloads.length).toBeGreaterThan(3);
    const imports = [...held.matchAll(/from "([^"]+)"|import\("([^"]+)"\)/g)].map((match) => match[1] ?? match[2]);
    expect(imports.length).toBeGreaterThan(1);
    for (const url of new Set([...preloads, ...imports])) {
      const response = await get(url ?? '');
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/javascript/);
    }
  });

  it('sets the other security headers', async () => {
    const response = await get('/');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('compresses HTML with gzip and brotli', async () => {
    const gzip = await get('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const brotli = await get('/', { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
  });

  it('serves hashed assets compressed with immutable caching', async () => {
    const html = await (await get('/')).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await fetch(`${server.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('serves the 1200×630 Open Graph image', async () => {
    const response = await get('/og-default.png');
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
  });

  it('reports liveness and readiness', async () => {
    expect(await (await get('/healthz')).text()).toBe('ok');
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await get('/api/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No API endpoint GET /nope' });
  });
});

describe('failures', () => {
  it('answers 503 on /readyz when the database is gone', async () => {
    const broken = await startTestServer('sqlite');
    await broken.services.database.close();
    const response = await fetch(`${broken.url}/readyz`);
    expect(response.status).toBe(503);
    await broken.close();
  });

  it('answers a server error with a plain 500 and no stack trace', async () => {
    const app = createApp({
      services: server.services,
      build: async () => {
        throw new Error('secret internal detail at /srv/app.ts:12');
      },
    });
    const listening = await listen(app, 0, '127.0.0.1');
    const port = (listening.address() as { port: number }).port;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).not.toContain('secret internal detail');
    expect(body).not.toMatch(/at .*\.ts:\d+/);
    await closeGracefully(listening, 100);
  });

  it('lets an in-flight request finish during a graceful shutdown', async () => {
    const app = express();
    app.get('/slow', (_req, res) => void setTimeout(() => res.send('done'), 300));
    const listening = await listen(app, 0, '127.0.0.1');
    const port = (listening.address() as { port: number }).port;
    const pending = fetch(`http://127.0.0.1:${port}/slow`).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = closeGracefully(listening, 5000);
    expect(await pending).toBe('done');
    await closed;
    await expect(fetch(`http://127.0.0.1:${port}/slow`)).rejects.toThrow();
  });
});

