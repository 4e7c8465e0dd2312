import { pages } from '@content/pages';
import { leaderPhotoUrl } from '@domain/site-content/photos';
import type { CompanyFacts, PageSeo } from '@domain/site-content/types';
import type { PublicLeader } from '~/lib/site-content';

/**
 * The leadership page's AboutPage (docs/pages.md): the organization and its leaders as employees (name,
 * job title, description, photo), from the stored content (docs/pages.md, Site content). E-mail addresses stay
 * out, as they do on the page.
 */
export function aboutPageJsonLd(siteUrl: string, page: PageSeo, company: CompanyFacts, leaders: readonly PublicLeader[]) {
  const url = `${siteUrl}${pages.leadership.path}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'AboutPage',
    '@id': `${url}#webpage`,
    url,
    name: page.title,
    description: page.description,
    isPartOf: { '@id': `${siteUrl}/#website` },
    mainEntity: {
      '@type': 'Organization',
      '@id': `${siteUrl}/#organization`,
      name: company.name,
      url: `${siteUrl}/`,
      description: company.description,
      employee: leaders.map((leader) => ({
        '@type': 'Person',
        name: leader.name,
        jobTitle: leader.title,
        description: leader.bio,
        ...(leader.photo ? { image: `${siteUrl}${leaderPhotoUrl(leader.photo.id, 320)}` } : {}),
        sameAs: [leader.profileUrl],
        worksFor: { '@id': `${siteUrl}/#organization` },
      })),
    },
  };
}
