import { pages } from '@content/pages';

/**
 * The crawler-facing files, built from the route list in content/pages.ts and the public
 * origin (SITE_URL), so a new page in that list reaches search engines with no other edit.
 */

/** Paths crawlers should not index: the JSON API answers machines, not readers. */
export const disallowedPaths = ['/api/'] as const;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function sitemapXml(siteUrl: string): string {
  const urls = Object.values(pages).map((page) => {
    // The home page is the hub every other page links back to; say so to crawlers.
    const priority = page.path === '/' ? '1.0' : '0.8';
    return `  <url>\n    <loc>${escapeXml(`${siteUrl}${page.path}`)}</loc>\n    <priority>${priority}</priority>\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowedPaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Crawlers fetch these often; an hour of caching spares the server without going stale for long. */
export const crawlerFileCacheControl = 'public, max-age=3600';
