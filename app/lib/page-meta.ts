import { type PageKey, pages } from '@content/pages';
import type { MetaDescriptor } from 'react-router';
import { type SeoArgs, type SeoInput, seo } from './seo';

/** `seo()` filled from content/pages.ts: title, description, keywords and canonical path. */
export function pageMeta(args: SeoArgs, key: PageKey, extra: Partial<SeoInput> = {}): MetaDescriptor[] {
  const page = pages[key];
  return seo(args, {
    title: page.title,
    description: page.description,
    keywords: page.keywords,
    canonical: page.path,
    ...extra,
  });
}
