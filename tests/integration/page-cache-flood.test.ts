import http from 'node:http';
import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { busyPage } from '../../content/pages.ts';
import { createLogger } from '../../server/logger.ts';
import { PageCache } from '../../server/page-cache/page-cache.ts';
import { VARIANT_RENDERS, VARIANT_RENDERS_WAITING, createPageCacheMiddleware } from '../../server/page-cache/serve-cached-pages.ts';
import { testDialects } from '../helpers/databases.ts';
import { type TestServer, startTestServer } from '../helpers/server.ts';

// A flood of made-up searches (decision 020's amendment for issue 27): the page cache renders at
// most VARIANT_RENDERS pages with parameters at once, lets VARIANT_RENDERS_WAITING more wait, and
// answers the rest with a 503 and Retry-After (or the previous copy when it has one), while the
// plain pages are answered from memory and stay there.

interface Got {
  status: number;
  cache: string | null;
  retryAfter: string | null;
  cacheControl: string | null;
  body: string;
}

async function get(url: string): Promise<Got> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  return {
    status: response.status,
    cache: response.headers.get('x-page-cache'),
    retryAfter: response.headers.get('retry-after'),
    cacheControl: response.headers.get('cache-control'),
    body: await response.text(),
  };
}

/** Requests `url` until it comes from the cache. */
async function untilHit(url: string): Promise<Got> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const got = await get(url);
    if (got.cache === 'hit') return got;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} never came from the cache`);
}

/**
 * The page cache's middleware in front of a page handler the test holds: every rendering waits
 * until the test opens the gate, so how many run at once is seen, not timed.
 */
describe('the bound on renderings of pages with parameters', () => {
  let server: http.Server;
  let url = '';
  let version = 1;
  const rendering: string[] = [];
  let gate: { opened: Promise<void>; open: () => void };
  const newGate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  };
  /** Resolves once `count` renderings have started. */
  async function started(count: number): Promise<void> {
    for (let attempt = 0; attempt < 500 && rendering.length < count; attempt++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(rendering.length).toBeGreaterThanOrEqual(count);
  }

  beforeAll(async () => {
    const cache = new PageCache({ maxBytes: 8 * 1024 * 1024, ttlMs: 60_000 });
    const middleware = createPageCacheMiddleware({
      cache,
      contentVersion: { current: async () => version },
      isAdminRequest: () => false,
      logger: createLogger({ env: 'test', logLevel: 'silent' }),
    });
    const app = express();
    app.use(middleware.serveHits);
    app.use(middleware.fillOnMiss);
    app.get('/{*splat}', async (req, res) => {
      rendering.push(req.originalUrl);
      await gate.opened;
      res.type('html').send(`<!doctype html><p>${req.originalUrl} version ${version}</p>`);
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    gate?.open();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  afterEach(() => {
    gate?.open();
    rendering.length = 0;
  });

  it('renders VARIANT_RENDERS searches at once, lets a few wait, refuses the rest with 503 and Retry-After, and still answers the plain pages', async () => {
    gate = newGate();
    gate.open();
    await untilHit(`${url}/`);
    gate = newGate();
    rendering.length = 0;

    const admitted = VARIANT_RENDERS + VARIANT_RENDERS_WAITING;
    const settled: Got[] = [];
    const flood = Array.from({ length: admitted + 5 }, (_, n) =>
      get(`${url}/knowledge-base?search=flood-${n}`).then((got) => {
        settled.push(got);
        return got;
      }),
    );
    await started(VARIANT_RENDERS);
    // Those beyond the waiting line (whichever arrived last) are answered at once, while the others are still held.
    for (let attempt = 0; attempt < 500 && settled.length < 5; attempt++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toHaveLength(5);
    for (const got of settled) {
      expect(got).toMatchObject({ status: 503, retryAfter: '2', cache: 'busy', cacheControl: 'no-store', body: busyPage.text });
    }
    expect(rendering).toHaveLength(VARIANT_RENDERS);
    // The calculators' inputs (rendered each time) share the bound.
    expect((await get(`${url}/lng-vs-cng?price=5`)).status).toBe(503);
    // A plain page kept before is answered from memory; one never asked for renders (plain pages are not bounded).
    expect((await get(`${url}/`)).cache).toBe('hit');
    const plainMiss = get(`${url}/leadership`);
    await started(VARIANT_RENDERS + 1);
    expect(rendering.at(-1)).toBe('/leadership');

    gate.open();
    const answered = (await Promise.all(flood)).filter((got) => got.status === 200);
    expect(answered).toHaveLength(admitted);
    expect(answered.every((got) => got.cache === 'miss')).toBe(true);
    expect((await plainMiss).status).toBe(200);
    // Every search the flood sent renders; none ran beyond the bound (the last ones waited their turn).
    expect(rendering.filter((path) => path.includes('flood-'))).toHaveLength(admitted);
  });

  it('keeps a search only from its second request on', async () => {
    gate = newGate();
    gate.open();
    const once = `${url}/knowledge-base?search=asked-once`;
    expect((await get(once)).cache).toBe('miss');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await get(once)).cache).toBe('miss');
    const hit = await untilHit(once);
    expect(hit.body).toContain('asked-once');
  });

  it('gives the previous copy of a kept search when no rendering place is free', async () => {
    gate = newGate();
    gate.open();
    const kept = `${url}/knowledge-base?search=kept`;
    await untilHit(kept);
    version = 2;
    gate = newGate();
    rendering.length = 0;
    const flood = Array.from({ length: VARIANT_RENDERS + VARIANT_RENDERS_WAITING }, (_, n) => get(`${url}/knowledge-base?search=busy-${n}`));
    await started(VARIANT_RENDERS);
    const stale = await get(kept);
    expect(stale).toMatchObject({ status: 200, cache: 'stale' });
    expect(stale.body).toContain('version 1');
    gate.open();
    await Promise.all(flood);
    // Once a place is free, the new version renders and is kept.
    const fresh = await untilHit(kept);
    expect(fresh.body).toContain('version 2');
  });
});

// The real app: the flood's pages never push the plain pages out, even with a small cache.
describe.each(testDialects)('a flood of searches on the real app on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    // Room for a few pages of ~150-250 kB each (their three encodings together).
    server = await startTestServer(dialect, { PAGE_CACHE_MAX_BYTES: String(2 * 1024 * 1024) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps / and /leadership while many searches are asked for, each once and some twice', async () => {
    await untilHit(`${server.url}/`);
    await untilHit(`${server.url}/leadership`);
    for (let n = 0; n < 12; n++) {
      const search = `${server.url}/knowledge-base?search=flood-${n}`;
      for (const round of [1, 2]) {
        const got = await get(search);
        expect([200, 503], `${search} (${round})`).toContain(got.status);
      }
    }
    // A search asked for once is not kept: asked again, it renders again.
    expect((await get(`${server.url}/knowledge-base?search=flood-once`)).cache).toBe('miss');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await get(`${server.url}/knowledge-base?search=flood-once`)).cache).toBe('miss');
    expect((await get(`${server.url}/`)).cache).toBe('hit');
    expect((await get(`${server.url}/leadership`)).cache).toBe('hit');
  });

  it('answers a burst of distinct searches with pages or 503s, never an error, and / meanwhile from memory', async () => {
    await untilHit(`${server.url}/`);
    const burst = Array.from({ length: 40 }, (_, n) => get(`${server.url}/knowledge-base?search=burst-${n}`));
    const home = await get(`${server.url}/`);
    const answers = await Promise.all(burst);
    expect(home.cache).toBe('hit');
    for (const got of answers) {
      expect([200, 503]).toContain(got.status);
      if (got.status === 503) expect(got.retryAfter).toBe('2');
      else expect(got.body).toContain('burst-');
    }
  });
});
