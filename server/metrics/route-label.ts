import { LRUCache } from 'lru-cache';
import { type RouteObject, matchRoutes } from 'react-router';
import type { ServerBuild } from 'react-router';

/**
 * The `route` label of a request (decision 029): a pattern from the route table, never the
 * path a client sent, so the number of label values stays that of the routes however many
 * distinct URLs arrive (`/api/glossary/:id`, not `/api/glossary/42`).
 */

/** The part of a build's route manifest the patterns are read from. */
type RouteManifest = ServerBuild['routes'];

/** The build's routes as the nested route objects matchRoutes takes. */
function routeTree(manifest: RouteManifest, parentId: string | undefined): RouteObject[] {
  const children: RouteObject[] = [];
  for (const route of Object.values(manifest)) {
    if (!route || route.parentId !== parentId) continue;
    children.push(
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: routeTree(manifest, route.id) },
    );
  }
  return children;
}

/**
 * The page route pattern of a path, from a React Router build: the paths of the matched routes
 * joined (`/knowledge-base`, `/admin/leads`, `/*` for the not-found route), and the same with
 * `.data` for React Router's data requests (`/knowledge-base.data`, `/_root.data` for `/`).
 */
export function pageRouteLabeller(build: Pick<ServerBuild, 'routes' | 'basename'>): (pathname: string) => string {
  const tree = routeTree(build.routes, undefined);
  // matchRoutes flattens and ranks the whole route table on every call: the label of each
  // recent path is remembered, so a page served from the cache is not slowed by its label.
  const recent = new LRUCache<string, string>({ max: 2000 });
  return (pathname) => {
    const known = recent.get(pathname);
    if (known !== undefined) return known;
    const label = labelOf(pathname);
    recent.set(pathname, label);
    return label;
  };

  function labelOf(pathname: string): string {
    if (pathname === '/__manifest') return '/__manifest';
    const data = pathname.endsWith('.data');
    const page = data ? (pathname === '/_root.data' ? '/' : pathname.slice(0, -'.data'.length)) : pathname;
    const matches = matchRoutes(tree, page, build.basename);
    if (!matches) return 'other';
    const pattern = `/${matches
      .map((match) => (match.route.path ?? '').replace(/^\/+|\/+$/g, ''))
      .filter((path) => path !== '')
      .join('/')}`;
    if (!data) return pattern;
    return pattern === '/' ? '/_root.data' : `${pattern}.data`;
  }
}

/** An Express route's pattern under the path its router is mounted at (`/api` + `/glossary/:id`), or null for a path that is not a string. */
export function expressRouteLabel(baseUrl: string, routePath: unknown): string | null {
  if (typeof routePath !== 'string') return null;
  if (routePath === '/' && baseUrl !== '') return baseUrl;
  return `${baseUrl}${routePath}`;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The `method` label: the usual methods as they are, any other as `other`. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'other';
}
