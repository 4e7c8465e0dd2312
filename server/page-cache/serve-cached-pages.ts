import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { compressOnce } from '../lib/compress-once.ts';
import { WorkQueue, WorkQueueFullError } from '../lib/work-queue.ts';
import type { Logger } from '../logger.ts';
import type { ContentVersion } from '../services/pages/content-version.ts';
import { cspWithHashes, inlineScriptHashes } from './inline-script-hashes.ts';
import { type CachedPage, type PageCache, pageCacheKey } from './page-cache.ts';

/** A page larger than this is sent as rendered but not kept (none of ours comes close: ~150 kB). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

export interface PageCacheOptions {
  cache: PageCache;
  contentVersion: ContentVersion;
  /** True for a request that carries the admin session cookie: such a request neither reads nor fills the cache. */
  isAdminRequest: (req: Request) => boolean;
  logger: Logger;
}

/**
 * Anonymous pages at the speed of static files (issue 15, decision 020). A GET of a page by a
 * visitor is answered from the cache when this content version of it has been rendered before:
 * the stored bytes in the encoding the browser takes (brotli and gzip made once, at maximum
 * quality), with a CSP that allows the page's inline scripts by their hashes instead of the
 * nonce its first rendering carried. Otherwise the page renders and streams as before, and a
 * copy of what was sent is stored: only a 200 (or the 404 page) that sets no cookie and does not
 * forbid storing, rendered for a request without the admin cookie, under the content version it
 * started with. A content change raises the version (ContentVersion), which retires every page.
 */
export function servePageCache({ cache, contentVersion, isAdminRequest, logger }: PageCacheOptions): RequestHandler {
  // Compressing at maximum quality takes ~0.1-0.3 s of a pool thread per page: one page at a
  // time, and a burst of new pages (a crawler walking ?search= values) is sent but not kept.
  const compressing = new WorkQueue({ concurrency: 1, maxWaiting: 8 });
  const filling = new Set<string>();

  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isAdminRequest(req)) {
      next();
      return;
    }
    const key = pageCacheKey(req.originalUrl);
    if (key === null) {
      next();
      return;
    }
    contentVersion.current().then(
      (version) => {
        const page = cache.get(key, version);
        if (page) {
          sendCachedPage(req, res, page);
          return;
        }
        res.setHeader('X-Page-Cache', 'miss');
        if (req.method === 'GET' && !filling.has(key)) {
          filling.add(key);
          captureBody(res, (body) => {
            void store(key, version, res, body)
              .catch((error: unknown) => {
                if (!(error instanceof WorkQueueFullError)) logger.warn({ err: error, key }, 'a page could not be cached');
              })
              .finally(() => filling.delete(key));
          });
        }
        next();
      },
      // The database did not answer: render without the cache; the page will say what it can.
      () => next(),
    );
  };

  async function store(key: string, version: number, res: Response, body: Buffer | null): Promise<void> {
    if (!body || !storable(res)) return;
    const page = await compressing.run(async () => {
      const { br, gzip: gz } = await compressOnce(body);
      const html = String(res.getHeader('Content-Type') ?? '').startsWith('text/html');
      return {
        version,
        status: res.statusCode,
        headers: routeHeaders(res),
        identity: body,
        br,
        gzip: gz,
        etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        scriptHashes: html ? inlineScriptHashes(body.toString('utf8')) : [],
      } satisfies CachedPage;
    });
    // A change while it rendered or compressed: the copy may show the old content, so it is not kept.
    if ((await contentVersion.current()) !== version) return;
    cache.set(key, page);
  }
}

/** A response that may be stored for every visitor: what the first request received, complete. */
function storable(res: Response): boolean {
  if (res.statusCode !== 200 && !(res.statusCode === 404 && String(res.getHeader('Content-Type')).startsWith('text/html'))) return false;
  if (res.getHeader('Set-Cookie') !== undefined) return false;
  const cacheControl = String(res.getHeader('Cache-Control') ?? '');
  return !/\b(no-store|private)\b/i.test(cacheControl);
}

/** The app-wide headers every response gets on its way here (security headers, Vary…), which a hit gets again. */
const APP_HEADERS = new Set([
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'vary',
  'x-page-cache',
  // Set per response by Node or for the encoding sent.
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  'etag',
]);

function routeHeaders(res: ServerResponse): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || APP_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value : String(value);
  }
  return headers;
}

function sendCachedPage(req: Request, res: Response, page: CachedPage): void {
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.setHeader('X-Page-Cache', 'hit');
  res.setHeader('ETag', page.etag);
  res.vary('Accept-Encoding');
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy === 'string' && page.scriptHashes.length > 0) {
    res.setHeader('Content-Security-Policy', cspWithHashes(policy, page.scriptHashes));
  }
  if (page.status === 200 && req.fresh) {
    res.status(304).end();
    return;
  }
  const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
  if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.status(page.status);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/**
 * Calls `done` with the bytes written to `res` once it has finished (every byte handed to the
 * socket), or with null when it closed early or grew past MAX_PAGE_BYTES. The bytes are the
 * uncompressed ones: the compression middleware sits outside this one.
 */
function captureBody(res: Response, done: (body: Buffer | null) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let whole = true;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (!whole || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
          : null;
    if (!buffer) {
      whole = false;
      return;
    }
    size += buffer.length;
    if (size > MAX_PAGE_BYTES) {
      whole = false;
      chunks.length = 0;
      return;
    }
    // A copy: the writer may reuse its buffer once write() returns.
    chunks.push(Buffer.from(buffer));
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, ...args: Parameters<Response['write']>) {
    collect(args[0], args[1]);
    return write.apply(this, args);
  } as Response['write'];
  res.end = function (this: Response, ...args: Parameters<Response['end']>) {
    collect(args[0], args[1]);
    return end.apply(this, args);
  } as Response['end'];
  res.once('finish', () => done(whole ? Buffer.concat(chunks, size) : null));
  res.once('close', () => {
    if (!res.writableFinished) done(null);
  });
}
