import type { Leader } from '@content/leaders';
import { pages } from '@content/pages';
import { site } from '@content/site';

/**
 * The leadership page's AboutPage (docs/pages.md): the organization and its four leaders as employees (name,
 * job title, description). E-mail addresses stay out, as they do on the page.
 */
export function aboutPageJsonLd(siteUrl: string, leaders: readonly Leader[]) {
  const url = `${siteUrl}${pages.leadership.path}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'AboutPage',
    '@id': `${url}#webpage`,
    url,
    name: pages.leadership.title,
    description: pages.leadership.description,
    isPartOf: { '@id': `${siteUrl}/#website` },
    mainEntity: {
      '@type': 'Organization',
      '@id': `${siteUrl}/#organization`,
      name: site.name,
      url: `${siteUrl}/`,
      description: site.description,
      employee: leaders.map((leader) => ({
        '@type': 'Person',
        name: leader.name,
        jobTitle: leader.title,
        description: leader.bio,
        sameAs: [leader.linkedin],
        worksFor: { '@id': `${siteUrl}/#organization` },
      })),
    },
  };
}
