import type { FaqEntry } from '@domain/site-content/types';

/** schema.org FAQPage for the FAQ tab's <head>, from the stored FAQ (docs/pages.md, Site content). */
export function faqPageJsonLd(items: readonly FaqEntry[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
