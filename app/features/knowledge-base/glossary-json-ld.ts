import { glossaryCopy } from '@content/knowledge-base';
import type { GlossaryPageData } from './glossary-data';
import { anchorIds } from './glossary-filter';
import { KNOWLEDGE_BASE_PATH } from './tabs';

/**
 * schema.org DefinedTermSet for the glossary tab's <head> (docs/glossary.md, Anchors): each
 * term a DefinedTerm whose url is its card's anchor. Only the whole glossary describes the
 * set; a search or a category shows part of it, so those pages carry none. Escaping: React
 * Router's <Meta> writes the JSON with <, >, & and the line separators as \u escapes
 * (docs/pages.md, Page metadata and structured data).
 */
export function glossaryJsonLd(siteUrl: string, glossary: GlossaryPageData) {
  if (glossary.failed || glossary.search !== '' || glossary.category !== 'all' || glossary.terms.length === 0) return undefined;
  const setId = `${siteUrl}${KNOWLEDGE_BASE_PATH}#glossary`;
  const ids = anchorIds(glossary.terms);
  return {
    '@context': 'https://schema.org',
    '@type': 'DefinedTermSet',
    '@id': setId,
    name: glossaryCopy.heading,
    description: glossaryCopy.intro,
    url: `${siteUrl}${KNOWLEDGE_BASE_PATH}`,
    hasDefinedTerm: glossary.terms.map((term) => ({
      '@type': 'DefinedTerm',
      name: term.term,
      description: term.definition,
      url: `${siteUrl}${KNOWLEDGE_BASE_PATH}#${ids.get(term.id) ?? ''}`,
      inDefinedTermSet: setId,
    })),
  };
}
