import { LRUCache } from 'lru-cache';

/** A page as the first anonymous request rendered it, ready to send again in any encoding. */
export interface CachedPage {
  /** The content version it was rendered from (server/services/pages/content-version.ts). */
  version: number;
  status: number;
  /**
   * The headers its first rendering went out with (the route's, the security headers, Vary), less
   * those of that one response (length, encoding, date…); the CSP allows its inline scripts by
   * their hashes instead of that rendering's nonce.
   */
  headers: Record<string, string | string[]>;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

export interface PageCacheLimits {
  /** What all pages in all three encodings may take together. */
  maxBytes: number;
  /** A page older than this is made again, whatever the content version says (a backstop). */
  ttlMs: number;
}

/**
 * The query parameters that choose which page a visitor gets: the knowledge base's tab,
 * glossary search and category, React Router's own for data requests, and the lead forms'
 * `demo` (which Request Demo form is open) and `sent` (app/features/leads/lead-form-post.ts;
 * the same page for everyone: what a visitor typed never reaches a URL). They are the key.
 */
const KEY_PARAMETERS = new Set(['tab', 'search', 'category', '_routes', 'index', 'demo', 'sent']);

/**
 * Parameters that make a page of its own for one visitor: the calculators' inputs of a
 * no-JavaScript Calculate. Such a request renders and is never kept.
 * tests/unit/page-cache-key.test.ts fails when app/ reads a parameter listed in neither set.
 */
export const UNCACHED_PARAMETERS: ReadonlySet<string> = new Set([
  // Netback and equivalence calculators (app/features/knowledge-base/*-calculator.tsx).
  'price',
  'frac',
  'transport',
  'volume',
  'unit',
  'amount',
  'form',
]);

/** Every parameter a page reads: the key's and the uncached ones. Anything else (`?utm_source=`, random strings) is left out of the key, so it neither fills the cache with copies nor forces a render. */
export const PAGE_PARAMETERS: ReadonlySet<string> = new Set([...KEY_PARAMETERS, ...UNCACHED_PARAMETERS]);

/**
 * Paths never cached: the admin's pages (and their data requests), and React Router's route
 * discovery (`/__manifest?paths=…&version=…`), whose answer depends on parameters no page reads:
 * kept under one key, the routes of one link were sent for every other, and client navigations
 * ended on the 404 card. The API, stored files, leader photos, the build's assets and the
 * probes never reach the page handler: the cache does not even look them up (nor take the
 * single-flight slot of a rendering that never comes).
 */
const UNCACHED_PREFIXES = ['/admin', '/__manifest', '/api', '/objects', '/media', '/assets', '/healthz', '/readyz', '/metrics'];

/**
 * The cache key of a page request: its path and the key parameters in a fixed order, or null
 * when the request is not one to cache. `url` is the request target (`/knowledge-base?tab=faq`).
 */
export function pageCacheKey(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://page.invalid');
  } catch {
    return null;
  }
  const path = parsed.pathname;
  if (UNCACHED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`))) return null;
  const parameters = [...parsed.searchParams];
  if (parameters.some(([name]) => UNCACHED_PARAMETERS.has(name))) return null;
  const kept = parameters.filter(([name]) => KEY_PARAMETERS.has(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length === 0 ? path : `${path}?${new URLSearchParams(kept).toString()}`;
}

/** True for a page request carrying a calculator's inputs: a page of its own, rendered each time and never kept. */
export function rendersEachTime(url: string): boolean {
  if (!url.includes('?')) return false;
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://page.invalid');
  } catch {
    return false;
  }
  const path = parsed.pathname;
  if (UNCACHED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`))) return false;
  return [...parsed.searchParams.keys()].some((name) => UNCACHED_PARAMETERS.has(name));
}

/** A page without parameters: one of the site's pages (or its data request) as a link names it. */
export function isPlainKey(key: string): boolean {
  return !key.includes('?');
}

/**
 * The share of the byte budget the variants may take: pages whose key has parameters (a search,
 * a tab, a category…), and 404 pages. Their number has no bound (anyone can make up a search),
 * so they get an LRU of their own and cannot push the plain pages out (decision 020, issue 27).
 */
export const VARIANT_SHARE = 1 / 4;

/** How many keys the cache remembers having been asked for (to keep a variant from its second request on), and the bytes those keys may take. */
const ASKED_KEYS = 10_000;
const ASKED_KEY_BYTES = 2 * 1024 * 1024;

/**
 * The rendered pages of this process, bounded by bytes (least recently used go first) and by age,
 * in two segments: the plain pages (a key without parameters, answered 200) and the variants
 * (every other key, and the 404 page), which get VARIANT_SHARE of the bytes. A variant is kept
 * from its second request on: a crawler walking 10,000 distinct searches, each asked once,
 * fills nothing and costs no compression.
 */
export class PageCache {
  private readonly plain: LRUCache<string, CachedPage>;
  private readonly variants: LRUCache<string, CachedPage>;
  /** Keys asked for without a fresh copy, with how many times (recently). */
  private readonly asked: LRUCache<string, number>;

  constructor(readonly limits: PageCacheLimits) {
    const variantBytes = Math.floor(limits.maxBytes * VARIANT_SHARE);
    const segment = (maxBytes: number) =>
      new LRUCache<string, CachedPage>({
        maxSize: Math.max(1, maxBytes),
        sizeCalculation: (page) => pageSize(page),
        ttl: limits.ttlMs,
      });
    this.plain = segment(limits.maxBytes - variantBytes);
    this.variants = segment(variantBytes);
    this.asked = new LRUCache<string, number>({ max: ASKED_KEYS, maxSize: ASKED_KEY_BYTES, sizeCalculation: (_count, key) => Math.max(1, key.length) });
  }

  /**
   * The page stored under `key`: `fresh` when it was rendered from this content version, else the
   * copy of an older one (kept until a fresh copy replaces it, so it can be served while that
   * copy renders: stale while revalidating, decision 020).
   */
  lookup(key: string, version: number): { page: CachedPage; fresh: boolean } | undefined {
    const page = this.plain.get(key) ?? this.variants.get(key);
    return page ? { page, fresh: page.version === version } : undefined;
  }

  /** Notes a request for `key` that found no fresh copy (it renders, waits for a rendering, or gets the previous copy). */
  noteAsked(key: string): void {
    this.asked.set(key, (this.asked.get(key) ?? 0) + 1);
  }

  /** Whether a page under `key` answered with `status` would be kept now (see set): asked before compressing it. */
  admits(key: string, status: number): boolean {
    if (isPlainKey(key) && status === 200) return true;
    return (this.asked.get(key) ?? 0) >= 2 || this.variants.has(key) || this.plain.has(key);
  }

  /**
   * Stores a page unless it alone is larger than its segment. A variant is stored only when it
   * was asked for more than once (noteAsked) or a copy of it is already kept (a new version of
   * it); false when it was not stored for that reason.
   */
  set(key: string, page: CachedPage): boolean {
    if (!this.admits(key, page.status)) return false;
    if (isPlainKey(key) && page.status === 200) {
      this.plain.set(key, page);
      return true;
    }
    // A plain key's 404 (a page that went away) leaves the plain segment for the variants'.
    this.plain.delete(key);
    this.variants.set(key, page);
    this.asked.delete(key);
    return true;
  }

  /** Pages and bytes kept in all, and those of the variants among them. */
  get stats(): { pages: number; bytes: number; variants: { pages: number; bytes: number } } {
    return {
      pages: this.plain.size + this.variants.size,
      bytes: this.plain.calculatedSize + this.variants.calculatedSize,
      variants: { pages: this.variants.size, bytes: this.variants.calculatedSize },
    };
  }
}

/** The bytes a kept page counts for: its three encodings and ~1 kB for its headers and key. */
function pageSize(page: CachedPage): number {
  return Math.max(1, page.identity.length + page.br.length + page.gzip.length + 1024);
}
