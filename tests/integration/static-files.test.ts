import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../helpers/server.ts';

// Static files go out as the build compressed them (scripts/build/precompress.ts, brotli 11
// and gzip 9), never compressed per request (server/static-files.ts).
const clientDir = path.resolve(import.meta.dirname, '..', '..', process.env.BUILD_DIR ?? 'build', 'client');

/** The raw bytes and headers, undecoded (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('precompressed static files', () => {
  let server: TestServer;
  let stylesheet = '';
  let script = '';
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    const assets = fs.readdirSync(path.join(clientDir, 'assets'));
    stylesheet = assets.find((file) => /^app-.*\.css$/.test(file)) ?? '';
    script = assets.find((file) => file.endsWith('.js') && fs.statSync(path.join(clientDir, 'assets', file)).size > 20_000) ?? '';
  });
  afterAll(async () => server?.close());

  it('the build wrote a brotli and a gzip copy of every script and stylesheet over 1 kB, at maximum quality', () => {
    for (const file of [stylesheet, script]) {
      const original = fs.readFileSync(path.join(clientDir, 'assets', file));
      const br = fs.readFileSync(path.join(clientDir, 'assets', `${file}.br`));
      expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true);
      const quality11 = zlib.brotliCompressSync(original, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
      expect(br.length).toBeLessThanOrEqual(quality11.length + 16);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(clientDir, 'assets', `${file}.gz`))).equals(original)).toBe(true);
    }
  });

  it('sends the stored copy for br, gzip and none, with the type of the original and Vary', async () => {
    for (const file of [stylesheet, script]) {
      const onDisk = path.join(clientDir, 'assets', file);
      const cases = [
        { accept: 'br, gzip', encoding: 'br', bytes: fs.readFileSync(`${onDisk}.br`) },
        { accept: 'gzip, deflate', encoding: 'gzip', bytes: fs.readFileSync(`${onDisk}.gz`) },
        { accept: 'gzip;q=0.5, br;q=1', encoding: 'br', bytes: fs.readFileSync(`${onDisk}.br`) },
        { accept: 'identity', encoding: undefined, bytes: fs.readFileSync(onDisk) },
      ];
      for (const { accept, encoding, bytes } of cases) {
        const response = await rawGet(`${server.url}/assets/${file}`, { 'accept-encoding': accept });
        expect(response.status).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['content-type']).toMatch(file.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
        expect(response.headers.vary).toMatch(/Accept-Encoding/i);
        expect(response.headers['cache-control']).toContain('immutable');
        // Byte for byte the file the build wrote: nothing was compressed for this request.
        expect(response.body.equals(bytes)).toBe(true);
      }
    }
  });

  it('sends an asset only the headers that mean something on it: nosniff and CORP, no page policies, nothing to revalidate with', async () => {
    const response = await rawGet(`${server.url}/assets/${script}`, { 'accept-encoding': 'gzip' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const pageOnly of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'etag', 'last-modified']) {
      expect(response.headers[pageOnly], pageOnly).toBeUndefined();
    }
    // A page keeps every one of them.
    const page = await rawGet(`${server.url}/leadership`, { 'accept-encoding': 'gzip' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('still answers a missing asset with 404', async () => {
    expect((await rawGet(`${server.url}/assets/nothing-here.js`, { 'accept-encoding': 'br' })).status).toBe(404);
    expect((await rawGet(`${server.url}/assets/nothing-here.js`, { 'accept-encoding': 'identity' })).status).toBe(404);
  });
});
