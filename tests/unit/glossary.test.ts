import { glossarySeed } from '@content/glossary-seed';
import { describe, expect, it } from 'vitest';
import {
  anchorIds,
  filterTerms,
  relatedLinks,
  termMatches,
} from '../../app/features/knowledge-base/glossary-filter.ts';
import { glossaryAnchor } from '../../domain/glossary/anchor.ts';
import { glossaryQuerySchema, glossaryTermSchema } from '../../domain/glossary/schema.ts';
import { GLOSSARY_CATEGORIES, type GlossaryTerm, normalizeList } from '../../domain/glossary/term.ts';
import { parseTab, tabHref, visibleTabs } from '../../app/features/knowledge-base/tabs.ts';
import { withoutForbiddenOneLine } from '../../domain/text-characters.ts';
import { escapeLike } from '../../server/services/glossary/queries.ts';

const term = (overrides: Partial<GlossaryTerm>): GlossaryTerm => ({
  id: 1,
  term: 'Boil-off gas',
  definition: 'Vapor from stored LNG.',
  category: 'lng',
  synonyms: 'BOG, boil-off',
  relatedTerms: 'Holding time',
  version: 1,
  updatedAt: '2026-11-26T00:00:00.000Z',
  updatedBy: null,
  ...overrides,
});

describe('the glossary term schema (shared by the form and the API)', () => {
  it('trims, defaults the category to general and normalizes comma-separated lists', () => {
    const parsed = glossaryTermSchema.parse({
      term: '  Netback ',
      definition: ' Price minus costs. ',
      synonyms: ' net back,  ,Net Back, wellhead netback ',
      relatedTerms: ['Frac spread', ' Basis '],
    });
    expect(parsed).toEqual({
      term: 'Netback',
      definition: 'Price minus costs.',
      category: 'general',
      synonyms: 'net back, wellhead netback',
      relatedTerms: 'Frac spread, Basis',
    });
    expect(glossaryTermSchema.parse({ term: 't', definition: 'd', category: null, synonyms: null }).category).toBe('general');
  });

  it('requires term and definition and bounds their length', () => {
    const messages = (input: unknown) => glossaryTermSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({})).toEqual(['Term is required.', 'Definition is required.']);
    expect(messages({ term: ' ', definition: 'd' })).toEqual(['Term is required.']);
    expect(messages({ term: 'x'.repeat(201), definition: 'd' })).toEqual(['Term must be at most 200 characters.']);
    expect(messages({ term: 'x'.repeat(200), definition: 'd'.repeat(5000) })).toEqual([]);
    expect(messages({ term: 't', definition: 'd'.repeat(5001) })).toEqual(['Definition must be at most 5000 characters.']);
    expect(messages({ term: 5, definition: 'd' })).toEqual(['Term must be text.']);
    expect(messages('a string')).toEqual(['Send the term as a JSON object.']);
  });

  it('reads the search query: category all or one of seven, empty means all', () => {
    expect(glossaryQuerySchema.parse({})).toEqual({ search: '', category: 'all' });
    expect(glossaryQuerySchema.parse({ search: ' bog ', category: '' })).toEqual({ search: 'bog', category: 'all' });
    expect(glossaryQuerySchema.parse({ category: 'storage' }).category).toBe('storage');
    expect(glossaryQuerySchema.safeParse({ category: 'lpg' }).success).toBe(false);
    expect(glossaryQuerySchema.safeParse({ search: ['a', 'b'] }).success).toBe(false);
  });

  it('refuses control characters: tab and line breaks only in the definition', () => {
    const messages = (input: Record<string, unknown>) =>
      glossaryTermSchema.safeParse({ term: 't', definition: 'd', ...input }).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ definition: 'Line one\r\n\tLine two' })).toEqual([]);
    expect(messages({ definition: 'a\u0000b' })).toEqual(['Definition contains characters that are not allowed.']);
    expect(messages({ term: 'a\u001bb' })).toEqual(['Term contains characters that are not allowed.']);
    expect(messages({ term: 'a\tb' })).toEqual(['Term contains characters that are not allowed.']);
    expect(messages({ term: 'a\nb' })).toEqual(['Term must be on one line.']);
    expect(messages({ synonyms: ['ok', 'x\u0085'] })).toEqual(['Synonyms contains characters that are not allowed.']);
    expect(messages({ relatedTerms: 'a\ud800' })).toEqual(['Related terms contains characters that are not allowed.']);
    expect(messages({ term: 'LNG \u{1F6A2}', definition: 'émigré – “quoted”' })).toEqual([]);
    expect(glossaryQuerySchema.safeParse({ search: 'b\u0000g' }).error?.issues[0]?.message).toBe('search contains characters that are not allowed.');
  });

  it('shows a URL search in the box as one line without control characters', () => {
    expect(withoutForbiddenOneLine('boil\toff')).toBe('boil off');
    expect(withoutForbiddenOneLine('LNG\nplant')).toBe('LNG plant');
    expect(withoutForbiddenOneLine('a\u0000b\u009b\ud800c \u{1F6A2}')).toBe('abc \u{1F6A2}');
  });

  it('keeps list items unique regardless of case', () => {
    expect(normalizeList('A, a, b ,, B')).toBe('A, b');
    expect(normalizeList(undefined)).toBe('');
  });
});

describe('the browser-side glossary filter', () => {
  it('matches term, definition and synonyms case-insensitively', () => {
    const entry = term({});
    expect(termMatches(entry, 'BOIL')).toBe(true);
    expect(termMatches(entry, 'stored lng')).toBe(true);
    expect(termMatches(entry, 'bog')).toBe(true);
    expect(termMatches(entry, '  ')).toBe(true);
    expect(termMatches(entry, 'holding')).toBe(false); // related terms are not searched
  });

  it('filters by category too', () => {
    const terms = [term({ id: 1 }), term({ id: 2, term: 'Propane', category: 'ngl', synonyms: '' })];
    expect(filterTerms(terms, '', 'ngl').map((entry) => entry.id)).toEqual([2]);
    expect(filterTerms(terms, '', 'all').map((entry) => entry.id)).toEqual([1, 2]);
    expect(filterTerms(terms, 'propane', 'lng')).toEqual([]);
  });

  it('gives every card a readable, unique anchor', () => {
    expect(glossaryAnchor('Boil-off gas')).toBe('term-boil-off-gas');
    expect(glossaryAnchor('UN 1972')).toBe('term-un-1972');
    expect(glossaryAnchor('Crème  (test)')).toBe('term-creme-test');
    expect(glossaryAnchor('--Wobbé Index--')).toBe('term-wobbe-index');
    const ids = anchorIds([term({ id: 1 }), term({ id: 2, term: 'Boil off gas' }), term({ id: 3, term: '***' })]);
    expect([...ids.values()]).toEqual(['term-boil-off-gas', 'term-boil-off-gas-2', 'term-']);
  });

  it('links a related term to its card when shown, else to its card in the whole glossary, or a search when no such term exists', () => {
    const shown = [term({ id: 1, relatedTerms: 'Holding time, Unknown thing' }), term({ id: 2, term: 'Holding time' })];
    const links = relatedLinks(shown[0] as GlossaryTerm, shown, anchorIds(shown), '/knowledge-base');
    expect(links).toEqual([
      { label: 'Holding time', href: '#term-holding-time' },
      { label: 'Unknown thing', href: '/knowledge-base#term-unknown-thing' },
    ]);
    const everything = relatedLinks(shown[0] as GlossaryTerm, shown, anchorIds(shown), '/knowledge-base', shown);
    expect(everything[1]).toEqual({ label: 'Unknown thing', href: '/knowledge-base?tab=glossary&search=Unknown%20thing' });
  });

  it('escapes LIKE wildcards for the server search', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('the glossary seed', () => {
  it('has at least 60 valid, uniquely named terms across all seven categories', () => {
    expect(glossarySeed.length).toBeGreaterThanOrEqual(60);
    expect(new Set(glossarySeed.map((entry) => entry.category))).toEqual(new Set(GLOSSARY_CATEGORIES));
    const names = glossarySeed.map((entry) => entry.term.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const entry of glossarySeed) {
      const parsed = glossaryTermSchema.safeParse(entry);
      expect(parsed.success, entry.term).toBe(true);
      expect(entry.synonyms.length, entry.term).toBeGreaterThan(0);
    }
  });

  it('only relates terms that exist, and never a term to itself', () => {
    const names = new Set(glossarySeed.map((entry) => entry.term.toLowerCase()));
    for (const entry of glossarySeed) {
      for (const related of entry.relatedTerms) {
        expect(names.has(related.toLowerCase()), `${entry.term} → ${related}`).toBe(true);
        expect(related.toLowerCase()).not.toBe(entry.term.toLowerCase());
      }
    }
  });

  it('includes the terms the brief names', () => {
    const names = new Set(glossarySeed.flatMap((entry) => [entry.term, ...entry.synonyms].map((name) => name.toLowerCase())));
    for (const required of [
      'boil-off gas',
      'regasification',
      'netback',
      'y-grade',
      'fractionation',
      'mmbtu',
      'cryogenic trailer',
      'iso container',
      'wobbe index',
      'condensate',
      'ethane rejection',
      'heating value',
      'odorization',
      'lng skid',
    ]) {
      expect(names.has(required), required).toBe(true);
    }
  });
});

describe('the knowledge-base tabs', () => {
  it('shows eight tabs to visitors and nine, All Documents first, to admins', () => {
    expect(visibleTabs(false).map((tab) => tab.id)).toEqual([
      'glossary',
      'calculators',
      'infographics',
      'articles',
      'spec-sheets',
      'social-content',
      'tutorials',
      'faq',
    ]);
    expect(visibleTabs(true).map((tab) => tab.label)[0]).toBe('All Documents');
    expect(visibleTabs(true)).toHaveLength(9);
  });

  it('falls back to the glossary for an unknown tab, and for All Documents without an admin', () => {
    expect(parseTab('faq', false)).toBe('faq');
    expect(parseTab('nope', false)).toBe('glossary');
    expect(parseTab(null, false)).toBe('glossary');
    expect(parseTab('all', false)).toBe('glossary');
    expect(parseTab('all', true)).toBe('all');
    expect(tabHref('glossary')).toBe('/knowledge-base');
    expect(tabHref('spec-sheets')).toBe('/knowledge-base?tab=spec-sheets');
  });
});
