import { pages } from '@content/pages';
import type { SitemapCard } from '@content/sitemap';
import type { PageSeo } from '@domain/site-content/types';

/**
 * The /sitemap page's navigation as structured data: an ItemList of SiteNavigationElement,
 * one per page card, in the order the page shows them; named by the page's stored search title.
 */
export function siteNavigationJsonLd(siteUrl: string, page: PageSeo, cards: readonly SitemapCard[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    '@id': `${siteUrl}${pages.sitemap.path}#navigation`,
    name: page.title,
    numberOfItems: cards.length,
    itemListElement: cards.map((card, index) => ({
      '@type': 'SiteNavigationElement',
      position: index + 1,
      name: card.label,
      description: card.description,
      url: `${siteUrl}${pages[card.page].path}`,
    })),
  };
}
