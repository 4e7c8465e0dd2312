import { type PageKey, pages } from '@content/pages';
import type { PageSeo } from '@domain/site-content/types';
import type { MetaDescriptor } from 'react-router';
import { type SeoArgs, type SeoInput, seo } from './seo';

/** A page's MetaArgs as pageMeta reads them: its loader's `seo` (loadPageSeo) when it arrived. */
export interface PageMetaArgs extends SeoArgs {
  loaderData?: { seo?: PageSeo | null } | null;
}

/** The page's search title and description: its loader's (stored), or content/pages.ts's when none arrived (an error page). */
export function pageSeo(args: PageMetaArgs, key: PageKey): PageSeo {
  return args.loaderData?.seo ?? { title: pages[key].title, description: pages[key].description };
}

/**
 * `seo()` filled for a page: the stored title and description (docs/pages.md, Site content), and the
 * keywords and canonical path of content/pages.ts.
 */
export function pageMeta(args: PageMetaArgs, key: PageKey, extra: Partial<SeoInput> = {}): MetaDescriptor[] {
  const page = pages[key];
  const { title, description } = pageSeo(args, key);
  return seo(args, {
    title,
    description,
    keywords: page.keywords,
    canonical: page.path,
    ...extra,
  });
}
