import { site } from '@content/site';
import type { CompanyFacts } from '@domain/site-content/types';

/**
 * Schema.org JSON-LD builders shared by several pages, from the stored company facts
 * (docs/pages.md, Site content). Whatever staff type stays inside its <script>: React Router's <Meta>
 * writes the JSON with <, >, &, U+2028 and U+2029 as \u escapes
 * (tests/integration/site-content-pages.test.ts parses every page's after such edits).
 */
export function organizationJsonLd(siteUrl: string, company: CompanyFacts) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${siteUrl}/#organization`,
    name: company.name,
    legalName: company.legalName,
    slogan: site.slogan,
    description: company.description,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/favicon.svg`,
    email: company.salesEmail,
    telephone: company.phone.tel,
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.street,
      addressLocality: company.address.city,
      addressRegion: company.address.regionCode,
      postalCode: company.address.postalCode,
      addressCountry: company.address.country,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'sales',
      telephone: company.phone.tel,
      email: company.salesEmail,
      areaServed: 'US',
      availableLanguage: 'English',
    },
  };
}

/** The WebSite with a SearchAction into the knowledge base's search results (docs/search.md). */
export function websiteJsonLd(siteUrl: string, company: CompanyFacts) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${siteUrl}/#website`,
    name: company.name,
    url: `${siteUrl}/`,
    publisher: { '@id': `${siteUrl}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${siteUrl}/knowledge-base?search={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}
