import type { Request, RequestHandler } from 'express';
import type { ServerBuild } from 'react-router';
import { expressRouteLabel, methodLabel, pageRouteLabeller } from './route-label.ts';
import type { ServerMetrics } from './server-metrics.ts';

export interface RequestMetrics {
  /**
   * Goes first: times every request and, once its answer is sent, observes the duration under
   * its route pattern and status code, and counts what the page cache did (its `X-Page-Cache`
   * header: hit, stale or miss). A request the client abandons before its answer is sent is
   * not observed.
   */
  timeRequests: RequestHandler;
  /** Goes just before the page handler: the renders in flight, and the mark that labels the request by its page route. */
  countRenders: RequestHandler;
}

const PAGE_CACHE_OUTCOMES = new Set(['hit', 'stale', 'miss', 'busy']);

/**
 * The request figures of ServerMetrics (decision 029). The route label is, in order: the page
 * route pattern for a request the page handler or the page cache answered; the Express route
 * that answered (its router's mount path and its own path, caught as Express sets `req.route`,
 * so a later error handler does not change it); `static` for anything else answered below 400
 * (the static files); `other` for the rest (unrouted paths, refused requests).
 */
export function createRequestMetrics(metrics: ServerMetrics, build: ServerBuild | (() => Promise<ServerBuild>)): RequestMetrics {
  let pageLabel: ((pathname: string) => string) | null = typeof build === 'function' ? null : pageRouteLabeller(build);
  if (typeof build === 'function') {
    // Development reloads the build per request; its route table is read once, and pages are `page` until then.
    void build().then(
      (loaded) => (pageLabel = pageRouteLabeller(loaded)),
      () => undefined,
    );
  }
  const pageRequests = new WeakSet<Request>();

  const timeRequests: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    const pathname = req.path;
    let route: unknown;
    let expressRoute: string | null = null;
    Object.defineProperty(req, 'route', {
      configurable: true,
      enumerable: true,
      get: () => route,
      set: (value: unknown) => {
        route = value;
        const routePath: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'path') : undefined;
        expressRoute = expressRouteLabel(req.baseUrl, routePath);
      },
    });
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const cached = String(res.getHeader('X-Page-Cache') ?? '');
      if (PAGE_CACHE_OUTCOMES.has(cached)) metrics.pageCacheRequests.inc({ outcome: cached });
      const label =
        pageRequests.has(req) || cached !== ''
          ? (pageLabel?.(pathname) ?? 'page')
          : (expressRoute ?? (res.statusCode < 400 ? 'static' : 'other'));
      metrics.httpRequestDuration.observe({ method: methodLabel(req.method), route: label, status_code: String(res.statusCode) }, seconds);
    });
    next();
  };

  const countRenders: RequestHandler = (req, res, next) => {
    pageRequests.add(req);
    metrics.rendersInFlight.inc();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      metrics.rendersInFlight.dec();
    };
    res.once('finish', end);
    res.once('close', end);
    next();
  };

  return { timeRequests, countRenders };
}
