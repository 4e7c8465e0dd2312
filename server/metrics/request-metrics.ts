import type { Request, RequestHandler, Response } from 'express';
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

/** Where timeRequests keeps a request's start and path (on its response), and the request its Express route's label. */
const STARTED = Symbol('metrics: started');
const PATHNAME = Symbol('metrics: pathname');
const EXPRESS_ROUTE = Symbol('metrics: Express route');
type RouteCatching = Request & { [EXPRESS_ROUTE]?: string | null; [ROUTE]?: unknown };
type Timed = Response & { [STARTED]?: bigint; [PATHNAME]?: string };
const ROUTE = Symbol('metrics: req.route');

const catching = new WeakSet<object>();

/**
 * Catches Express setting `req.route` (the route that answers, set as its handlers start) and
 * keeps the label it makes with the router's mount path of that moment, so a later error handler
 * (outside that router) does not change it. An accessor on the requests' prototype (the app's
 * `app.request`, which Express gives every request), defined once: one defined on each request
 * changed its shape every time, which showed in the hit path's profile.
 */
function catchExpressRoutes(prototype: object): void {
  if (catching.has(prototype)) return;
  catching.add(prototype);
  Object.defineProperty(prototype, 'route', {
    configurable: true,
    enumerable: true,
    get(this: RouteCatching) {
      return this[ROUTE];
    },
    set(this: RouteCatching, value: unknown) {
      this[ROUTE] = value;
      const routePath: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'path') : undefined;
      this[EXPRESS_ROUTE] = expressRouteLabel(this.baseUrl, routePath);
    },
  });
}

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

  // Once the answer is sent. One function for every request, its state on the response: a
  // closure per request (and tsx's name for each) showed in the hit path's profile.
  function observe(this: Timed): void {
    observeAnswer(this);
  }
  function observeAnswer(res: Timed): void {
    const req = res.req;
    const seconds = Number(process.hrtime.bigint() - (res[STARTED] ?? process.hrtime.bigint())) / 1e9;
    const cached = String(res.getHeader('X-Page-Cache') ?? '');
    if (PAGE_CACHE_OUTCOMES.has(cached)) metrics.pageCacheRequests.inc({ outcome: cached });
    const expressRoute = (req as RouteCatching)[EXPRESS_ROUTE] ?? null;
    const label =
      pageRequests.has(req) || cached !== ''
        ? (pageLabel?.(res[PATHNAME] ?? req.path) ?? 'page')
        : (expressRoute ?? (res.statusCode < 400 ? 'static' : 'other'));
    metrics.httpRequestDuration.observe({ method: methodLabel(req.method), route: label, status_code: String(res.statusCode) }, seconds);
  }

  const timeRequests: RequestHandler = (req, res, next) => {
    const timed = res as Timed;
    timed[STARTED] = process.hrtime.bigint();
    timed[PATHNAME] = req.path;
    catchExpressRoutes(Object.getPrototypeOf(req) as object);
    res.on('finish', observe);
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
