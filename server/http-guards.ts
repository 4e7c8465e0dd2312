import type { RequestHandler, Response } from 'express';
import { type RouteObject, type ServerBuild, matchRoutes } from 'react-router';
import { isSameOrigin } from './api/same-origin.ts';
import type { Logger } from './logger.ts';

/**
 * Requests no route should ever see as an error: answered early with a 4xx, a plain message
 * and no stack trace in the log.
 */

/**
 * A request line in absolute form (`GET http://host/path HTTP/1.1`), as a proxy sends it,
 * must be accepted by a server (RFC 9112 §3.2.2). Express routes on it as it is, and React
 * Router's adapter joins it to the Host header and throws "Invalid URL" (a 500). The target
 * becomes its path and query before any route sees it; the site's own URLs come from
 * SITE_URL, never from the host named in the request, so nothing else needs it.
 */
export const acceptAbsoluteForm: RequestHandler = (req, res, next) => {
  if (req.url.startsWith('/') || req.url === '*') return next();
  let target: URL;
  try {
    target = new URL(req.url);
  } catch {
    res.status(400).set('Cache-Control', 'no-store').type('text/plain').send('Bad Request: the request target is not a valid URL.');
    return;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    res.status(400).set('Cache-Control', 'no-store').type('text/plain').send('Bad Request: the request target is not a valid URL.');
    return;
  }
  req.url = `${target.pathname}${target.search}`;
  req.originalUrl = req.url;
  next();
};

/**
 * A path with a bad %-escape (`/%ZZ`, `/%C0%AF`) cannot be decoded by any router: Express
 * and React Router throw URIError on it, which became a 500. One check for every path,
 * before any route, makes it a 400.
 */
export const refuseMalformedPath: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    res.status(400).set('Cache-Control', 'no-store').type('text/plain').send('Bad Request: the address is not a valid URL path.');
    return;
  }
  next();
};

const PAGE_METHODS = new Set(['GET', 'HEAD']);
/** A lead form is a few short fields and two long texts: far below this. */
export const PAGE_FORM_MAX_BYTES = 32 * 1024;

function refuse(res: Response, status: number, message: string, headers: Record<string, string> = {}) {
  res.status(status).set({ 'Cache-Control': 'no-store', ...headers }).type('text/plain').send(message);
}

/**
 * Pages are read with GET and HEAD. Any other method on a page route without a React Router
 * `action` is a 405 with `Allow` (React Router answered it too, but logged a stack trace for
 * it). The routes that take a form posted without JavaScript (docs/leads.md) get it only when
 * it is same-origin, URL-encoded and of a declared length within PAGE_FORM_MAX_BYTES, so an
 * action never reads more than that.
 */
export function pageMethodGuard(build: ServerBuild | (() => Promise<ServerBuild>), logger: Logger, siteUrl: string): RequestHandler {
  return async (req, res, next) => {
    if (PAGE_METHODS.has(req.method)) return next();
    if (!takesActions(typeof build === 'function' ? await build() : build, req.path, 'index' in req.query)) {
      logger.info({ method: req.method, url: req.originalUrl }, 'method not allowed on a page');
      return refuse(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    }
    if (!isSameOrigin(req, siteUrl)) return refuse(res, 403, 'Cross-origin request refused.');
    if (!req.is('application/x-www-form-urlencoded')) return refuse(res, 415, 'Send the form as application/x-www-form-urlencoded.');
    const length = req.get('content-length');
    if (length === undefined) return refuse(res, 411, 'Length Required');
    if (Number(length) > PAGE_FORM_MAX_BYTES) return refuse(res, 413, 'The form is too large.');
    next();
  };
}

/** The build's routes as a tree for matchRoutes, made once per build (development reloads it). */
const routeTrees = new WeakMap<ServerBuild, RouteObject[]>();

function routeTree(build: ServerBuild): RouteObject[] {
  let tree = routeTrees.get(build);
  if (!tree) {
    const routes = Object.values(build.routes).filter((route) => route !== undefined);
    const childrenOf = (parentId: string | undefined): RouteObject[] =>
      routes
        .filter((route) => route.parentId === parentId)
        .map((route): RouteObject =>
          route.index
            ? { id: route.id, index: true, caseSensitive: route.caseSensitive }
            : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
        );
    tree = childrenOf(undefined);
    routeTrees.set(build, tree);
  }
  return tree;
}

/**
 * Whether the route React Router would send this post to exports an action: the deepest match,
 * except that an index route takes posts only with `?index` (without it they go to its parent).
 */
function takesActions(build: ServerBuild, pathname: string, indexParam: boolean): boolean {
  const matches = matchRoutes(routeTree(build), pathname, build.basename) ?? [];
  let target = matches.at(-1);
  if (target?.route.index && !indexParam) target = matches.at(-2);
  const id = target?.route.id;
  return id !== undefined && build.routes[id]?.module.action !== undefined;
}
