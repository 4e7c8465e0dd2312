import { crawlerFileCacheControl, sitemapXml } from '~/lib/site-index';
import type { Route } from './+types/sitemap-xml';

/** /sitemap.xml: a resource route (no component), every page of content/pages.ts on SITE_URL. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapXml(context.publicConfig.siteUrl), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': crawlerFileCacheControl },
  });
}
