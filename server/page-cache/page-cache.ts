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

/** The rendered pages of this process, bounded by bytes (least recently used go first) and by age. */
export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;

  constructor(readonly limits: PageCacheLimits) {
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: limits.maxBytes,
      sizeCalculation: (page) => Math.max(1, page.identity.length + page.br.length + page.gzip.length + 1024),
      ttl: limits.ttlMs,
    });
  }

  /**
   * The page stored under `key`: `fresh` when it was rendered from this content version, else the
   * copy of an older one (kept until a fresh copy replaces it, so it can be served while that
   * copy renders: stale while revalidating, decision 020).
   */
  lookup(key: string, version: number): { page: CachedPage; fresh: boolean } | undefined {
    const page = this.pages.get(key);
    return page ? { page, fresh: page.version === version } : undefined;
  }

  /** Stores a page unless it alone is larger than the whole cache. */
  set(key: string, page: CachedPage): void {
    this.pages.set(key, page);
  }

  get stats(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.pages.calculatedSize };
  }
}
