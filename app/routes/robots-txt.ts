import { crawlerFileCacheControl, robotsTxt } from '~/lib/site-index';
import type { Route } from './+types/robots-txt';

/** /robots.txt: a resource route; allows everything but the API and points at the sitemap. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.publicConfig.siteUrl), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': crawlerFileCacheControl },
  });
}
