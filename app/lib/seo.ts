import { site } from '@content/site';
import type { MetaDescriptor } from 'react-router';
import type { RootData } from './root-data';

/**
 * The page metadata facility (docs/pages.md). Every route's `meta` export calls `seo()`, which
 * renders title, description, keywords, canonical, robots, Open Graph, Twitter and
 * JSON-LD into <head> on the server.
 *
 * @example
 * export const meta: Route.MetaFunction = (args) =>
 *   seo(args, { title: 'Leadership Team | VPV Energy', description: '…', canonical: '/leadership' });
 */
export interface SeoInput {
  title: string;
  description: string;
  keywords?: readonly string[] | string;
  /** A path ('/leadership') or absolute URL; defaults to the current URL (origin + path). */
  canonical?: string;
  /** A path or absolute URL; defaults to the site's 1200×630 Open Graph image. */
  ogImage?: string;
  ogType?: 'website' | 'article';
  structuredData?: object | readonly object[];
  noIndex?: boolean;
}

/**
 * The parts of React Router's MetaArgs that seo() needs. Every page's generated MetaArgs
 * type `matches[0]` as the root route's match; its data is missing only when the root
 * loader failed (the error page).
 */
export interface SeoArgs {
  location: { pathname: string };
  matches: readonly [{ id: 'root'; loaderData?: Pick<RootData, 'siteUrl'> & Partial<Pick<RootData, 'company'>> } | undefined, ...unknown[]];
}

export function siteUrlFrom(matches: SeoArgs['matches']): string {
  return matches[0]?.loaderData?.siteUrl ?? '';
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export function seo(args: SeoArgs, input: SeoInput): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(args.matches);
  const canonical = absoluteUrl(siteUrl, input.canonical ?? args.location.pathname);
  const usesDefaultImage = input.ogImage === undefined;
  const ogImage = absoluteUrl(siteUrl, input.ogImage ?? site.ogImage.path);
  const keywords = typeof input.keywords === 'string' ? input.keywords : input.keywords?.join(', ');
  const structuredData = input.structuredData === undefined ? [] : [input.structuredData].flat();

  return [
    { title: input.title },
    { name: 'description', content: input.description },
    ...(keywords ? [{ name: 'keywords', content: keywords }] : []),
    { name: 'robots', content: input.noIndex ? 'noindex, nofollow' : 'index, follow' },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: input.ogType ?? 'website' },
    { property: 'og:site_name', content: args.matches[0]?.loaderData?.company?.name ?? site.name },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: canonical },
    { property: 'og:image', content: ogImage },
    ...(usesDefaultImage
      ? [
          { property: 'og:image:width', content: String(site.ogImage.width) },
          { property: 'og:image:height', content: String(site.ogImage.height) },
          { property: 'og:image:alt', content: site.ogImage.alt },
        ]
      : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: input.description },
    { name: 'twitter:image', content: ogImage },
    ...structuredData.map((data) => ({ 'script:ld+json': data })),
  ];
}
