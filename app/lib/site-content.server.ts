import { type PageKey, pages } from '@content/pages';
import type { PageSeo } from '@domain/site-content/types';
import type { AppLoadContext } from 'react-router';

/**
 * A public page's stored search title and description (docs/pages.md, Site content), for its loader to
 * return as `seo`. A page added to content/pages.ts after the database was seeded has no stored
 * entry yet: it keeps the one in that file until staff publish one.
 */
export async function loadPageSeo(context: AppLoadContext, key: PageKey): Promise<PageSeo> {
  const { seo } = await context.siteContent();
  const stored: Partial<Record<PageKey, PageSeo>> = seo;
  return stored[key] ?? { title: pages[key].title, description: pages[key].description };
}
