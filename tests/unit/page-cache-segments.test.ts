import { describe, expect, it } from 'vitest';
import { type CachedPage, PageCache, VARIANT_SHARE, isPlainKey } from '../../server/page-cache/page-cache.ts';

// The page cache's two segments (decision 020, issue 27): pages whose key has parameters (and
// 404 pages) get a quarter of the bytes in an LRU of their own, and are kept from their second
// request on, so a flood of made-up searches cannot push the plain pages out.

/** A kept page of about `kilobytes` kB in all (its three encodings and the 1 kB counted for headers). */
function page(kilobytes: number, { version = 1, status = 200 } = {}): CachedPage {
  const body = Buffer.alloc(kilobytes * 1024 - 1024);
  return { version, status, headers: {}, identity: body, br: Buffer.alloc(0), gzip: Buffer.alloc(0), etag: '"x"' };
}

/** Stores a variant the way the middleware does: asked for twice, then rendered and kept. */
function storeVariant(cache: PageCache, key: string, kept: CachedPage): boolean {
  cache.noteAsked(key);
  cache.noteAsked(key);
  return cache.set(key, kept);
}

describe('PageCache segments', () => {
  const limits = { maxBytes: 400 * 1024, ttlMs: 60_000 };

  it('tells plain keys from variants', () => {
    expect(isPlainKey('/')).toBe(true);
    expect(isPlainKey('/leadership.data')).toBe(true);
    expect(isPlainKey('/knowledge-base?search=lng')).toBe(false);
    expect(isPlainKey('/leadership.data?_routes=routes%2Fleadership')).toBe(false);
    expect(VARIANT_SHARE).toBe(1 / 4);
  });

  it('keeps the plain pages however many variants are stored, and bounds the variants to their share', () => {
    const cache = new PageCache(limits);
    expect(cache.set('/', page(100))).toBe(true);
    expect(cache.set('/leadership', page(100))).toBe(true);
    for (let n = 0; n < 50; n++) expect(storeVariant(cache, `/knowledge-base?search=word-${n}`, page(30))).toBe(true);

    expect(cache.lookup('/', 1)?.fresh).toBe(true);
    expect(cache.lookup('/leadership', 1)?.fresh).toBe(true);
    const { variants } = cache.stats;
    expect(variants.bytes).toBeLessThanOrEqual(limits.maxBytes * VARIANT_SHARE);
    expect(variants.pages).toBe(3);
    // The least recently used variants went first; the last ones stored are there.
    expect(cache.lookup('/knowledge-base?search=word-49', 1)).toBeDefined();
    expect(cache.lookup('/knowledge-base?search=word-0', 1)).toBeUndefined();
    expect(cache.stats.pages).toBe(5);
    expect(cache.stats.bytes).toBe(200 * 1024 + variants.bytes);
  });

  it('lets plain pages push each other out, within their own three quarters', () => {
    const cache = new PageCache(limits);
    storeVariant(cache, '/knowledge-base?tab=faq', page(90));
    for (const path of ['/a', '/b', '/c', '/d']) cache.set(path, page(100));
    expect(cache.lookup('/a', 1)).toBeUndefined();
    expect(cache.lookup('/d', 1)).toBeDefined();
    expect(cache.lookup('/knowledge-base?tab=faq', 1)).toBeDefined();
  });

  it('keeps a variant only from its second request on, or when a copy of it is already kept', () => {
    const cache = new PageCache(limits);
    const key = '/knowledge-base?search=propane';
    cache.noteAsked(key);
    expect(cache.admits(key, 200)).toBe(false);
    expect(cache.set(key, page(10))).toBe(false);
    expect(cache.lookup(key, 1)).toBeUndefined();

    cache.noteAsked(key);
    expect(cache.admits(key, 200)).toBe(true);
    expect(cache.set(key, page(10))).toBe(true);
    // A newer version of a kept variant replaces it without being asked for twice again.
    expect(cache.lookup(key, 2)?.fresh).toBe(false);
    cache.noteAsked(key);
    expect(cache.set(key, page(10, { version: 2 }))).toBe(true);
    expect(cache.lookup(key, 2)?.fresh).toBe(true);
  });

  it('counts a 404 as a variant, even under a plain key', () => {
    const cache = new PageCache(limits);
    cache.noteAsked('/no-such-page');
    expect(cache.set('/no-such-page', page(10, { status: 404 }))).toBe(false);
    cache.noteAsked('/no-such-page');
    expect(cache.set('/no-such-page', page(10, { status: 404 }))).toBe(true);
    expect(cache.stats.variants.pages).toBe(1);

    // A plain page that went away moves to the variants' segment.
    cache.set('/gone', page(10));
    expect(cache.set('/gone', page(10, { version: 2, status: 404 }))).toBe(true);
    expect(cache.lookup('/gone', 2)?.page.status).toBe(404);
    expect(cache.stats.variants.pages).toBe(2);
  });

  it('stores a plain page on its first rendering', () => {
    const cache = new PageCache(limits);
    expect(cache.admits('/', 200)).toBe(true);
    expect(cache.set('/', page(10))).toBe(true);
  });
});
