import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { busyPage } from '@content/pages.ts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { compressOnce, compressQuickly } from '../lib/compress-once.ts';
import { markSharedCopy } from '../http-cache/cache-headers.ts';
import { WorkQueue, WorkQueueFullError } from '../lib/work-queue.ts';
import type { Logger } from '../logger.ts';
import type { ContentVersion } from '../services/pages/content-version.ts';
import { cspWithHashes, inlineScriptHashes } from './inline-script-hashes.ts';
import { type CachedPage, type PageCache, isPlainKey, pageCacheKey, rendersEachTime } from './page-cache.ts';

/** A page larger than this is sent as rendered but not kept (none of ours comes close: ~150 kB). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

export interface PageCacheOptions {
  cache: PageCache;
  contentVersion: Pick<ContentVersion, 'current'>;
  /** True for a request that carries the admin session cookie: such a request neither reads nor fills the cache. */
  isAdminRequest: (req: Request) => boolean;
  logger: Logger;
  /**
   * The caching headers for shared caches of a copy sent as a hit or as the stale copy
   * (server/http-cache/: keptPageCachingHeaders), lower-cased; merged into the copy's headers
   * once per copy and state. Absent: none added.
   */
  cachingHeaders?: (path: string, state: 'hit' | 'stale', kept: Readonly<Record<string, string | string[]>>) => Record<string, string>;
}

/** What the hit path found for a request it passed on: the fill path stores the page under it. */
interface PageCacheMiss {
  key: string;
  version: number;
  render: Render;
}

/** How long a visitor with no copy at all to be given waits for another request's rendering of the same page before rendering it too. */
const WAIT_FOR_RENDER_MS = 3000;

/**
 * Renderings of variants (pages whose key has parameters: a search, a tab, a category, a
 * calculator's inputs) this process makes at once, and how many more may wait for a place.
 * Anyone can make up a search, so a crawler walking 10,000 of them would otherwise render as
 * many at once as it asks and take the processor from every other page. Beyond the waiting
 * line: the previous copy when there is one, else a 503 with Retry-After. Why one and not two:
 * decision 020.
 */
export const VARIANT_RENDERS = 1;
export const VARIANT_RENDERS_WAITING = 6;
const BUSY_RETRY_AFTER_SECONDS = 2;
/** A variant is compressed (and kept) only while fewer than this many pages wait to be: the rest of the line is the plain pages'. */
const VARIANT_COMPRESSIONS_WAITING = 2;

/** How long a page's quick copy is served before its maximum-quality copy is made (see store). */
const BEST_COPY_AFTER_MS = 5_000;

/** A rendering still unfinished after this long (a response that never ended) no longer holds the page's single flight. */
const ABANDONED_RENDER_MS = 30_000;

/** The one rendering of a page for a content version that this process has in flight. */
interface Render {
  version: number;
  startedAt: number;
  /** Settles when the copy is stored, or when it turned out it would not be. */
  done: Promise<void>;
  finish: () => void;
}

export interface PageCacheMiddleware {
  /**
   * Answers a visitor's GET or HEAD of a page kept for the current content version, and passes
   * every other request on. Goes early, right after the request line is accepted: a hit needs
   * none of the middleware after it (the security headers, the nonce, compression, the static
   * file look-up), because it is sent with the headers its first rendering went out with.
   */
  serveHits: RequestHandler;
  /** Goes just before the page handler: keeps a copy of a page the hit path did not have. */
  fillOnMiss: RequestHandler;
}

/**
 * Anonymous pages at the speed of static files (issue 15, decision 020). A GET of a page by a
 * visitor is answered from the cache when this content version of it has been rendered before:
 * the stored bytes in the encoding the browser takes (brotli and gzip made once, at maximum
 * quality), with every header the first rendering went out with, its CSP allowing the page's
 * inline scripts by their hashes instead of that rendering's nonce. Otherwise the page renders
 * and streams as before, and a copy of what was sent is stored: only a 200 (or the 404 page)
 * that sets no cookie and does not forbid storing, rendered for a request without the admin
 * cookie, under the content version it started with. A content change raises the version
 * (ContentVersion), which retires every page. Pages with parameters (a search, a tab…) render
 * one at a time, a few waiting, the rest answered with their previous copy or a 503 (the
 * amendment for issue 27 in decision 020).
 */
export function createPageCacheMiddleware({
  cache,
  contentVersion,
  isAdminRequest,
  logger,
  cachingHeaders = () => ({}),
}: PageCacheOptions): PageCacheMiddleware {
  // Compressing at maximum quality takes ~0.1-0.3 s of a pool thread per page: one page at a
  // time. A page is kept at a quick compression first; a burst of new pages (a crawler walking
  // ?search= values) keeps that copy rather than queueing without end.
  const compressing = new WorkQueue({ concurrency: 1, maxWaiting: 8 });
  // Single flight: one rendering per page and content version in this process. While it runs,
  // other visitors get the previous version's copy, or (with none) wait for this one.
  const rendering = new Map<string, Render>();
  // The bound on variants' renderings: a place is held from the hand-over to the page handler until the response has gone out.
  const variantRenders = new WorkQueue({ concurrency: VARIANT_RENDERS, maxWaiting: VARIANT_RENDERS_WAITING });
  const sendCachedPage = cachedPageSender(cachingHeaders);

  /**
   * Passes a variant's request on to be rendered once a place is free; calls `refused` instead
   * when the waiting line is full, and `left` when the visitor left while it waited.
   */
  function renderVariant(req: Request, res: Response, next: NextFunction, refused: () => void, left: () => void = () => {}): void {
    variantRenders
      .run(
        () =>
          new Promise<void>((resolve) => {
            if (req.socket.destroyed) {
              left();
              resolve();
              return;
            }
            res.once('close', () => resolve());
            next();
          }),
      )
      .catch(() => refused());
  }

  /** The rendering this request is to make, or null when one for this version is in flight. */
  function claimRender(key: string, version: number): Render | null {
    const current = rendering.get(key);
    const now = Date.now();
    if (current && current.version === version && now - current.startedAt < ABANDONED_RENDER_MS) return null;
    current?.finish();
    let finish = () => {};
    const done = new Promise<void>((resolve) => (finish = resolve));
    const render = { version, startedAt: now, done, finish };
    rendering.set(key, render);
    return render;
  }

  function endRender(key: string, render: Render): void {
    if (rendering.get(key) === render) rendering.delete(key);
    render.finish();
  }

  const serveHits: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isAdminRequest(req)) {
      next();
      return;
    }
    const key = pageCacheKey(req.originalUrl);
    if (key === null) {
      // A calculator's inputs: rendered each time, within the variants' bound.
      if (rendersEachTime(req.originalUrl)) renderVariant(req, res, next, () => refuseBusy(res));
      else next();
      return;
    }
    const plain = isPlainKey(key);
    const serve = async () => {
      const version = await contentVersion.current();
      const found = cache.lookup(key, version);
      if (found?.fresh) {
        sendCachedPage(req, res, found.page, 'hit');
        return;
      }
      cache.noteAsked(key);
      const render = req.method === 'GET' ? claimRender(key, version) : null;
      if (render) {
        // This request renders the page for everyone; its copy is stored by fillOnMiss.
        res.locals.pageCacheMiss = { key, version, render } satisfies PageCacheMiss;
        // Answered before the page handler (a static file of public/): the claim ends with it, or the next request would wait for it.
        res.once('close', () => res.locals.pageCacheMiss && endRender(key, render));
        if (plain) {
          next();
          return;
        }
        const giveUp = () => {
          res.locals.pageCacheMiss = undefined;
          endRender(key, render);
        };
        const refused = () => {
          giveUp();
          if (found) sendCachedPage(req, res, found.page, 'stale');
          else refuseBusy(res);
        };
        renderVariant(req, res, next, refused, giveUp);
        return;
      }
      if (found) {
        sendCachedPage(req, res, found.page, 'stale');
        return;
      }
      // No copy yet and another request is rendering it: wait for that one, within reason.
      const inFlight = rendering.get(key);
      if (inFlight) await Promise.race([inFlight.done, new Promise((resolve) => setTimeout(resolve, WAIT_FOR_RENDER_MS).unref())]);
      const after = cache.lookup(key, version);
      if (after?.fresh) sendCachedPage(req, res, after.page, 'hit');
      else if (plain) next();
      else renderVariant(req, res, next, () => refuseBusy(res));
    };
    // The database did not answer: render without the cache; the page will say what it can.
    serve().catch(() => next());
  };

  const fillOnMiss: RequestHandler = (req, res, next) => {
    const miss = res.locals.pageCacheMiss as PageCacheMiss | undefined;
    if (!miss) {
      next();
      return;
    }
    const { key, version, render } = miss;
    res.locals.pageCacheMiss = undefined;
    res.setHeader('X-Page-Cache', 'miss');
    // The page is rendered into memory, not to the visitor: it goes out as the shareable copy
    // the cache then keeps (hashes in its CSP, public for shared caches), so a CDN fetching a
    // page after a purge keeps its first answer (decision 028's amendment). What cannot be
    // shared (a failure, a cookie, no-store, a page too large) goes out as rendered.
    holdResponse(res, {
      ended: (held) => {
        void answerMiss(req, res, key, version, render, held)
          .catch((error: unknown) => {
            if (!(error instanceof WorkQueueFullError)) logger.warn({ err: error, key }, 'a page could not be cached');
            if (!held.released) held.passThrough();
          })
          .finally(() => endRender(key, render));
      },
      gaveUp: () => endRender(key, render),
    });
    next();
  };

  /**
   * Answers the request whose rendering `held` holds. A page for everyone (storable) goes out
   * shareable: kept and sent as the cache's copy when the cache admits it, else (a variant's first
   * request, which a flood of made-up searches must not make the cache compress and keep) sent as
   * rendered but with the copy's CSP and caching headers. A page rendered while the content
   * changed may show the old content: sent as rendered (no shared cache keeps it), not kept.
   */
  async function answerMiss(req: Request, res: Response, key: string, version: number, render: Render, held: HeldResponse): Promise<void> {
    const { body } = held;
    if (!storable(res)) {
      held.passThrough();
      return;
    }
    const html = String(res.getHeader('Content-Type') ?? '').startsWith('text/html');
    const headers = headersToKeep(res, html ? inlineScriptHashes(body.toString('utf8')) : []);
    const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    if (!cache.admits(key, res.statusCode)) {
      if ((await contentVersion.current()) === version) {
        for (const [name, value] of Object.entries({ ...headers, ...cachingHeaders(req.path, 'hit', headers), etag })) res.setHeader(name, value);
        markSharedCopy(res);
      }
      held.passThrough();
      return;
    }
    const quick: CachedPage = { version, status: res.statusCode, headers, identity: body, ...(await compressQuickly(body)), etag };
    // A change while it rendered or compressed: the copy may show the old content, so it is neither kept nor shared.
    if ((await contentVersion.current()) !== version) {
      held.passThrough();
      return;
    }
    cache.set(key, quick);
    endRender(key, render);
    held.release();
    sendCachedPage(req, res, quick, 'miss');
    await keepBestCopy(key, version, quick, body);
  }

  /**
   * Replaces a page's quick copy (the single flight ended with it, so the next request gets this
   * fresh copy) with one at maximum quality when the compressing queue gets to it, unless
   * something replaced the copy meanwhile.
   */
  async function keepBestCopy(key: string, version: number, quick: CachedPage, body: Buffer): Promise<void> {
    // The maximum-quality copy (~0.1-0.3 s of a processor for a page) waits until the quick one has
    // lasted a while: made at once, it ran during the burst of visitors that follows a change, on
    // one of the processors serving them, and it raised their p99 (decision 020); and a copy that
    // a newer change replaces within that time is never made at all.
    await new Promise((resolve) => setTimeout(resolve, BEST_COPY_AFTER_MS).unref());
    if (cache.lookup(key, version)?.page !== quick) return;
    // A variant leaves room in the compression line for the plain pages (after a change, every one of them is made again).
    if (!isPlainKey(key) && compressing.stats.waiting >= VARIANT_COMPRESSIONS_WAITING) return;
    const best = await compressing.run(() => compressOnce(body));
    if (cache.lookup(key, version)?.page === quick) cache.set(key, { ...quick, ...best });
  }

  return { serveHits, fillOnMiss };
}

/** A variant asked for while as many are rendering and waiting as may: try again shortly. Never kept by anyone. */
function refuseBusy(res: Response): void {
  if (res.headersSent) return;
  res.writeHead(503, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
    'x-content-type-options': 'nosniff',
    'x-page-cache': 'busy',
  });
  res.end(busyPage.text);
}

/** A response that may be stored for every visitor: what the first request received, complete. */
function storable(res: Response): boolean {
  if (res.statusCode !== 200 && !(res.statusCode === 404 && String(res.getHeader('Content-Type')).startsWith('text/html'))) return false;
  if (res.getHeader('Set-Cookie') !== undefined) return false;
  const cacheControl = String(res.getHeader('Cache-Control') ?? '');
  return !/\b(no-store|private)\b/i.test(cacheControl);
}

/** Headers that belong to one response (its length, encoding, date, connection, validator), not to the page. */
const PER_RESPONSE_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  'etag',
  'x-page-cache',
]);

/**
 * The headers a hit goes out with: every one the first rendering went out with (the route's,
 * the security headers, Vary), except those of that one response; the CSP's nonce replaced by
 * the hashes of the page's inline scripts, and Vary naming Accept-Encoding (a hit picks the
 * encoding itself).
 */
function headersToKeep(res: ServerResponse, scriptHashes: readonly string[]): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value : String(value);
  }
  const policy = headers['content-security-policy'];
  if (typeof policy === 'string' && scriptHashes.length > 0) headers['content-security-policy'] = cspWithHashes(policy, scriptHashes);
  const vary = String(headers.vary ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) headers.vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
  return headers;
}

/** `miss`: the copy just made, sent to the request that rendered it, with a hit's caching headers. */
type CopyState = 'hit' | 'stale' | 'miss';
type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Sends a kept copy: `hit` for this content version's, `stale` for an older one's served while the
 * fresh one renders. The headers of each copy, state and encoding (the kept ones, the state, the
 * caching headers, the ETag, the encoding and length) are put together on first use and kept
 * with the copy: a hit is one writeHead of a ready object. They are set on the response (writeHead
 * merges them in when one header was set before it), so that what reads them back with getHeader
 * once the answer is sent (the metrics, the access log) still can.
 */
function cachedPageSender(
  cachingHeaders: NonNullable<PageCacheOptions['cachingHeaders']>,
): (req: Request, res: Response, page: CachedPage, state: CopyState) => void {
  const made = new WeakMap<CachedPage, Map<string, Readonly<Record<string, string | string[] | number>>>>();
  const headersOf = (req: Request, page: CachedPage, state: CopyState, encoding: Encoding | 'not-modified') => {
    let kinds = made.get(page);
    if (!kinds) made.set(page, (kinds = new Map()));
    const kind = `${state} ${encoding}`;
    let headers = kinds.get(kind);
    if (!headers) {
      const common = { ...page.headers, ...cachingHeaders(req.path, state === 'stale' ? 'stale' : 'hit', page.headers), 'x-page-cache': state, etag: page.etag };
      const body = encoding === 'not-modified' ? null : page[encoding];
      headers = body === null ? common : { ...common, ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }), 'content-length': body.length };
      kinds.set(kind, headers);
    }
    return headers;
  };
  return (req, res, page, state) => {
    // The request that rendered the copy went through cacheHeaders, whose rules would take this for a rendering.
    if (state === 'miss') markSharedCopy(res);
    // The validator first: req.fresh compares the request's If-None-Match with the response's ETag.
    res.setHeader('ETag', page.etag);
    if (page.status === 200 && req.headers['if-none-match'] !== undefined) {
      if (req.fresh) {
        res.writeHead(304, headersOf(req, page, state, 'not-modified')).end();
        return;
      }
    }
    const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
    const chosen: Encoding = encoding === 'br' || encoding === 'gzip' ? encoding : 'identity';
    res.writeHead(page.status, headersOf(req, page, state, chosen));
    if (req.method === 'HEAD') res.end();
    else res.end(page[chosen]);
  };
}

/** A rendering held in memory by holdResponse, its handler done. */
interface HeldResponse {
  /** Every byte the page handler wrote, uncompressed (the compression middleware sits outside this one). */
  readonly body: Buffer;
  /** True once pass-through or release has run. */
  readonly released: boolean;
  /** Sends the response as the handler made it: its status, the headers now set on `res`, the body. */
  passThrough(): void;
  /** Gives `res` its own methods back, sending nothing: the caller answers. */
  release(): void;
}

type WriteCallback = (error?: Error | null) => void;

/**
 * Keeps what the page handler writes to `res` (its head, its body) in memory instead of sending
 * it, and calls `ended` once the handler has ended the response. Past MAX_PAGE_BYTES it stops
 * holding: what it held and the rest go out as written, and `gaveUp` is called; `gaveUp` too
 * when the visitor leaves before the handler ends. The response's writes are answered at once
 * (no backpressure: a page is at most MAX_PAGE_BYTES in memory, as its copy would be anyway).
 */
function holdResponse(res: Response, { ended, gaveUp }: { ended: (held: HeldResponse) => void; gaveUp: () => void }): void {
  const own = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders };
  const chunks: Buffer[] = [];
  const callbacks: WriteCallback[] = [];
  let size = 0;
  let released = false;
  let handlerEnded = false;

  const restore = () => {
    released = true;
    res.writeHead = own.writeHead;
    res.write = own.write;
    res.end = own.end;
    res.flushHeaders = own.flushHeaders;
    for (const callback of callbacks.splice(0)) res.once('finish', () => callback());
  };
  const toBuffer = (chunk: unknown, encoding: unknown): Buffer | null => {
    if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    // A copy: the writer may reuse its buffer once write() returns.
    if (chunk instanceof Uint8Array) return Buffer.from(chunk);
    return null;
  };
  /** Takes a write; false when the page outgrew MAX_PAGE_BYTES (then everything held has been handed on, this chunk included). */
  const hold = (chunk: unknown, encoding: unknown, isEnd: boolean): boolean | 'sent' => {
    const buffer = chunk === undefined || chunk === null || typeof chunk === 'function' ? Buffer.alloc(0) : toBuffer(chunk, encoding);
    if (buffer && size + buffer.length <= MAX_PAGE_BYTES) {
      chunks.push(buffer);
      size += buffer.length;
      return true;
    }
    // Too large (or a chunk of a kind we do not copy): send it all as the handler wrote it.
    restore();
    const held = Buffer.concat(chunks, size);
    chunks.length = 0;
    if (held.length > 0) res.write(held);
    gaveUp();
    if (isEnd) res.end(chunk as Buffer);
    else res.write(chunk as Buffer);
    return 'sent';
  };
  const callbackOf = (...args: unknown[]) => args.find((arg): arg is WriteCallback => typeof arg === 'function');

  res.writeHead = function (this: Response, statusCode: number, ...rest: unknown[]) {
    res.statusCode = statusCode;
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null);
    if (headers && !Array.isArray(headers)) {
      for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
        if (value !== undefined) res.setHeader(name, value as string | number | readonly string[]);
      }
    }
    return this;
  } as Response['writeHead'];
  res.flushHeaders = () => {};
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    const callback = callbackOf(...rest);
    if (hold(chunk, rest[0], false) === 'sent') {
      if (callback) res.once('finish', () => callback());
      return true;
    }
    if (callback) process.nextTick(callback);
    return true;
  } as Response['write'];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    const callback = callbackOf(chunk, ...rest);
    if (callback) callbacks.push(callback);
    if (handlerEnded) return this;
    handlerEnded = true;
    if (hold(typeof chunk === 'function' ? undefined : chunk, rest[0], true) === 'sent') return this;
    const body = Buffer.concat(chunks, size);
    chunks.length = 0;
    ended({
      body,
      get released() {
        return released;
      },
      passThrough() {
        if (released) return;
        restore();
        res.end(body);
      },
      release() {
        if (!released) restore();
      },
    });
    return this;
  } as Response['end'];
  res.once('close', () => {
    if (handlerEnded || released) return;
    // The visitor left before the page was done (its rendering is aborted): nothing to keep.
    restore();
    chunks.length = 0;
    gaveUp();
  });
}
