import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialects } from '../helpers/databases.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { type TestServer, startTestServer } from '../helpers/server.ts';

/**
 * Issue 11, items 8, 9 and 12: malformed paths and methods a page does not take are answered
 * with a 4xx and no stack trace, and compressed pages do not leak 'drain' listeners.
 */
describe.each(testDialects)('HTTP edges on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(async () => t?.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(['/%ZZ', '/objects/images/%ZZ', '/knowledge-base%E0%A4%A', '/%C0%AF', '/api/documents/download/%ZZ'])(
    'answers a bad percent-escape in %s with 400, not an error',
    async (path) => {
      const errors = vi.spyOn(t.services.logger, 'error');
      const response = await fetch(`${t.url}${path}`);
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/not a valid/i);
      expect(errors).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['http://127.0.0.1/leadership', 200],
    ['http://elsewhere.example/knowledge-base?tab=faq', 200],
    ['https://127.0.0.1/no-such-page', 404],
    // Express finds no path in this one and answers its own 404 before any middleware.
    ['http://[bad/', 404],
    ['ftp://127.0.0.1/', 400],
  ] as const)('answers a request line in absolute form, GET %s, as its path (%i), not with an error', async (target, status) => {
    const errors = vi.spyOn(t.services.logger, 'error');
    const exchange = await rawRequest(t.url, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(exchange.status).toBe(status);
    expect(errors).not.toHaveBeenCalled();
  });

  it.each([
    ['POST', '/'],
    ['PUT', '/leadership'],
    ['DELETE', '/knowledge-base'],
    ['PATCH', '/no-such-page'],
    ['POST', '/objects/images/00000000-0000-4000-8000-000000000000.png'],
  ])('answers %s %s with 405, an Allow header and one info line', async (method, path) => {
    const consoleErrors = vi.spyOn(console, 'error');
    const errors = vi.spyOn(t.services.logger, 'error');
    const infos = vi.spyOn(t.services.logger, 'info');
    const response = await fetch(`${t.url}${path}`, { method, body: method === 'DELETE' ? undefined : 'x=1', headers: { origin: t.url } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    await response.text();
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(infos).toHaveBeenCalledTimes(1);
  });

  it('still serves GET and HEAD of a page, and leaves other methods under /api to the API', async () => {
    expect((await fetch(`${t.url}/leadership`)).status).toBe(200);
    expect((await fetch(`${t.url}/leadership`, { method: 'HEAD' })).status).toBe(200);
    const api = await fetch(`${t.url}/api/no-such-endpoint`, { method: 'POST', headers: { origin: t.url } });
    expect(api.status).toBe(404);
    expect(((await api.json()) as { message: string }).message).toBe('No API endpoint POST /no-such-endpoint');
  });

  it('compresses a long knowledge-base page without a MaxListenersExceededWarning', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      for (let round = 0; round < 3; round++) {
        const response = await fetch(`${t.url}/knowledge-base`, { headers: { 'accept-encoding': 'gzip' } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding')).toBe('gzip');
        expect((await response.text()).length).toBeGreaterThan(100_000);
      }
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning').map(String)).toEqual([]);
  });
});
