import type { Request, RequestHandler, Response } from 'express';
import onHeaders from 'on-headers';
import { type CacheTag, pageTags } from './cache-tags.ts';

/**
 * What a shared cache in front of the site (a CDN, Varnish) may do with each response: the
 * `Cache-Control`, `Surrogate-Key` and `Cache-Tag` headers, decided in one place as the headers
 * go out (docs/decisions/028-cdn-headers-and-purge.md, README "Running behind a CDN").
 */

/** CDN_S_MAXAGE, CDN_STALE_WHILE_REVALIDATE, CDN_STALE_IF_ERROR (server/config.ts), in seconds. */
export interface CdnCacheSettings {
  readonly sMaxAge: number;
  readonly staleWhileRevalidate: number;
  readonly staleIfError: number;
}

/** Personal or one-off answers: no cache anywhere keeps them, the browser's included. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * A page rendered for this request: its CSP names this response's nonce, so a shared cache must
 * not hand it to anyone else (no-cache: not without asking us first; s-maxage=0 for caches that
 * read only the TTL). The page cache keeps a copy of it all the same (it stores what carries
 * neither no-store nor private), and that copy, sent with the hashes instead of the nonce, is
 * the one shared caches may keep.
 */
export const RENDERED_PAGE = 'no-cache, s-maxage=0';

/**
 * A page from the page cache: the same bytes and headers for every visitor, so any cache may
 * keep it. Browsers revalidate (max-age=0) unless the route gave a lifetime of its own
 * (robots.txt and sitemap.xml: an hour).
 */
export function publicPageCacheControl(settings: CdnCacheSettings, maxAge = 0): string {
  return [
    'public',
    `max-age=${maxAge}`,
    `s-maxage=${settings.sMaxAge}`,
    `stale-while-revalidate=${settings.staleWhileRevalidate}`,
    `stale-if-error=${settings.staleIfError}`,
  ].join(', ');
}

/** The tag headers: `Surrogate-Key` (Fastly, Varnish xkey) separates by spaces, `Cache-Tag` (Cloudflare) by commas. */
export function tagHeaders(tags: readonly CacheTag[]): { 'Surrogate-Key': string; 'Cache-Tag': string } {
  return { 'Surrogate-Key': tags.join(' '), 'Cache-Tag': tags.join(',') };
}

/**
 * Paths whose answers are the same bytes for everyone, admin or not, and carry caching of their
 * own: Vite's content-hashed assets, carousel images, leader photos (each under a path that
 * never changes). What they set is left as it is.
 */
const SELF_CACHED_PREFIXES = ['/assets/', '/objects/', '/media/'];

/** The admin's pages and their data requests, and the API: never kept by any cache. */
function isPrivatePath(path: string): boolean {
  if (path === '/api' || path.startsWith('/api/')) return true;
  return path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin.');
}

/**
 * Marks an answer that goes out as the page cache's shareable copy though it reached the rules
 * below: the first answer of a page, the one that rendered it (decision 028's amendment). Its
 * caching headers were worked out by keptPageCachingHeaders with the copy; cacheHeaders leaves
 * them as they are, once it has checked the answer is not personal.
 */
export function markSharedCopy(res: Response): void {
  res.locals.pageCacheCopy = true;
}

/** Marks a request the page handler answers (a page, its data request, a resource route): see cacheHeaders. */
export const markPageResponse: RequestHandler = (_req, res, next) => {
  res.locals.pageResponse = true;
  next();
};

export interface CacheHeadersOptions {
  settings: CdnCacheSettings;
  /** True for a request carrying the admin session cookie (valid or not). */
  isAdminRequest: (req: Request) => boolean;
}

/**
 * Goes right after the page cache's hits (whose copies carry these headers already, worked out
 * once by keptPageCachingHeaders) and before everything else: decides the caching headers of
 * every other response when they are written, after every route and middleware has set its own,
 * so the rules below have the last word.
 *
 * - `private, no-store`: a response that sets a cookie; any method but GET and HEAD (lead posts,
 *   uploads); /api and /admin (pages and data requests); any request carrying the admin cookie,
 *   previews of drafts included (the self-cached paths excepted: their bytes are everyone's).
 * - A page or data request answered from the page cache (`X-Page-Cache: hit`): public for shared
 *   caches for CDN_S_MAXAGE seconds, revalidated by browsers (max-age=0, ETag), with its tags.
 * - A page rendered for this request, or an older copy served while it renders (`stale`): no
 *   shared cache may keep it (RENDERED_PAGE), with its tags; but a resource route's own public
 *   lifetime (robots.txt, sitemap.xml) stays, and its hits keep that max-age for browsers.
 * - Anything else (static files, health checks, early 4xx) keeps what it set.
 */
export function cacheHeaders({ settings, isAdminRequest }: CacheHeadersOptions): RequestHandler {
  const publicPage = publicPageCacheControl(settings);
  return (req, res, next) => {
    // Read now: inside a mounted router req.path loses the mount point.
    const path = req.path;
    onHeaders(res, () => applyRules(req, res, path, settings, publicPage, isAdminRequest));
    next();
  };
}

function applyRules(
  req: Request,
  res: Response,
  path: string,
  settings: CdnCacheSettings,
  publicPage: string,
  isAdminRequest: (req: Request) => boolean,
): void {
  const selfCached = SELF_CACHED_PREFIXES.some((prefix) => path.startsWith(prefix));
  const personal =
    res.getHeader('Set-Cookie') !== undefined ||
    (req.method !== 'GET' && req.method !== 'HEAD') ||
    isPrivatePath(path) ||
    res.locals.previewingDrafts === true ||
    (!selfCached && isAdminRequest(req));
  if (personal) {
    setPrivate(res);
    return;
  }
  if (res.locals.pageCacheCopy === true) return;
  const pageCache = res.getHeader('X-Page-Cache');
  if (pageCache === undefined && res.locals.pageResponse !== true) return;
  const headers = pageCachingHeaders(settings, publicPage, path, pageCache, res.getHeader('Cache-Control'), res.getHeader('Content-Type'));
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/**
 * The caching headers of a page answer that is not personal: `pageCache` is its X-Page-Cache
 * (undefined for a page the page cache does not keep), `cacheControl` and `contentType` what the
 * route set. Empty for the flood bound's 503 (decision 020), which keeps its no-store: nobody may
 * keep a "try again".
 */
function pageCachingHeaders(
  settings: CdnCacheSettings,
  publicPage: string,
  path: string,
  pageCache: unknown,
  cacheControl: unknown,
  contentType: unknown,
): Record<string, string> {
  if (pageCache === 'busy') return {};
  // A resource route's own public lifetime (robots.txt, sitemap.xml): no nonce in its body, so
  // its rendering may be kept as it says, and its page-cache copy keeps that lifetime for browsers.
  const routeMaxAge = publicMaxAge(cacheControl);
  const html = String(contentType ?? '').startsWith('text/html');
  const headers: Record<string, string> = {};
  if (pageCache === 'hit') headers['Cache-Control'] = routeMaxAge ? publicPageCacheControl(settings, routeMaxAge) : publicPage;
  else if (html || routeMaxAge === null) headers['Cache-Control'] = RENDERED_PAGE;
  return { ...headers, ...tagHeaders(pageTags(path)) };
}

/**
 * The caching headers of a page-cache copy sent as `state` (hit, or stale while the fresh copy
 * renders) for `path`, given the headers kept with it: what cacheHeaders gives such an answer.
 * The page cache sends its copies before cacheHeaders is reached (a copy is never personal: the
 * page cache serves only visitors' GET and HEAD of public pages, and keeps no Set-Cookie), and
 * works these out once per copy and state rather than per request (decision 020, issue 27).
 */
export function keptPageCachingHeaders(
  settings: CdnCacheSettings,
): (path: string, state: 'hit' | 'stale', kept: Readonly<Record<string, string | string[]>>) => Record<string, string> {
  const publicPage = publicPageCacheControl(settings);
  return (path, state, kept) => {
    const headers = pageCachingHeaders(settings, publicPage, path, state, kept['cache-control'], kept['content-type']);
    // Lower case, as Node keeps the headers a page was stored with: a name in two cases would go out twice.
    return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  };
}

/** The max-age of a `public` Cache-Control a route set (or its page-cache copy kept), when above 0. */
function publicMaxAge(cacheControl: unknown): number | null {
  const value = String(cacheControl ?? '');
  if (!/\bpublic\b/i.test(value)) return null;
  const maxAge = Number(/\bmax-age=(\d+)/i.exec(value)?.[1] ?? 0);
  return maxAge > 0 ? maxAge : null;
}

function setPrivate(res: Response): void {
  // A download's no-transform (it keeps compression away from byte ranges) stays.
  const noTransform = /\bno-transform\b/i.test(String(res.getHeader('Cache-Control') ?? ''));
  res.setHeader('Cache-Control', noTransform ? `${PRIVATE_NO_STORE}, no-transform` : PRIVATE_NO_STORE);
  res.removeHeader('Surrogate-Key');
  res.removeHeader('Cache-Tag');
}
