import { SEARCH_QUERY_MAX_CHARS } from '@domain/search/types.ts';
import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_TERMS, foldText, indexableText, normaliseQuery, parseQuery, vocabularyOf } from '../../server/services/search/query-text.ts';
import { ftsExpression } from '../../server/services/search/sqlite-search.ts';
import { tsqueryText } from '../../server/services/search/postgres-search.ts';
import { parseExcerpt } from '../../server/services/search/search-flow.ts';
import { allowedEdits, bestCorrection, candidateDistance, editDistance } from '../../server/services/search/typo.ts';

/** The visitor's text made safe, and typing mistakes decided (docs/search.md). */
describe('normaliseQuery', () => {
  it('drops control, format and private-use characters and lone surrogates, collapses spaces and trims', () => {
    expect(normaliseQuery('  \u0000boil\u0007\toff\u200b gas\uE000 \n')).toBe('boil off gas');
    expect(normaliseQuery('\uD800lng\uDC00')).toBe('lng');
    expect(normaliseQuery('🚚 lng')).toBe('🚚 lng');
  });

  it(`cuts at ${SEARCH_QUERY_MAX_CHARS} characters without leaving half a surrogate pair`, () => {
    expect(normaliseQuery('x'.repeat(10_000))).toHaveLength(SEARCH_QUERY_MAX_CHARS);
    const cut = normaliseQuery(`${'x'.repeat(SEARCH_QUERY_MAX_CHARS - 1)}🚚🚚`);
    expect(cut).toBe('x'.repeat(SEARCH_QUERY_MAX_CHARS - 1));
  });
});

describe('parseQuery', () => {
  it('keeps only words of letters and digits; joined words become one term', () => {
    expect(parseQuery('Boil-off "gas" AND title:LNG* NEAR(x)').terms).toEqual([
      { words: ['boil', 'off'] },
      { words: ['gas'] },
      { words: ['and'] },
      { words: ['title', 'lng'] },
      { words: ['near', 'x'] },
    ]);
    expect(parseQuery('!!! ??? ... :*').terms).toEqual([]);
    expect(parseQuery('Régazéification').terms).toEqual([{ words: ['regazeification'] }]);
  });

  it(`keeps at most ${SEARCH_MAX_TERMS} different terms`, () => {
    expect(parseQuery('a b c d e f g h i j k').terms).toHaveLength(SEARCH_MAX_TERMS);
    expect(parseQuery('lng LNG lng').terms).toEqual([{ words: ['lng'] }]);
  });

  it('builds MATCH and tsquery text only from those words', () => {
    const terms = [
      { words: ['boil', 'off'], prefix: false },
      { words: ['gas'], prefix: true },
    ];
    expect(ftsExpression(terms, 'all')).toBe('"boil off" AND "gas"*');
    expect(ftsExpression(terms, 'any')).toBe('"boil off" OR "gas"*');
    expect(tsqueryText(terms, 'all')).toBe("('boil' <-> 'off') & ('gas':*)");
    expect(tsqueryText(terms, 'any')).toBe("('boil' <-> 'off') | ('gas':*)");
  });
});

describe('the vocabulary and indexed text', () => {
  it('counts folded words of 2 to 32 characters, not numbers, and hyphen-joined compounds as written', () => {
    expect(Object.fromEntries(vocabularyOf('Boil-off gas: boil-off at -162 °C, 2 % a Café'))).toEqual({
      boil: 2,
      off: 2,
      gas: 1,
      at: 1,
      'boil-off': 2,
      cafe: 1,
    });
  });

  it('removes the excerpt markers from indexed text, and folds as the index does', () => {
    expect(indexableText('a\uE000b\uE001c')).toBe('abc');
    expect(foldText('ÉTÉ ﬁeld')).toBe('ete field');
  });

  it('splits marked text into excerpt parts', () => {
    expect(parseExcerpt('The \uE000netback\uE001 of \uE000LNG\uE001')).toEqual([
      { text: 'The ' },
      { text: 'netback', match: true },
      { text: ' of ' },
      { text: 'LNG', match: true },
    ]);
    expect(parseExcerpt('')).toEqual([]);
  });
});

describe('typing mistakes', () => {
  it('measures edits, a swap of neighbours counting as one', () => {
    expect(editDistance('netbak', 'netback')).toBe(1);
    expect(editDistance('lgn', 'lng')).toBe(1);
    expect(editDistance('boiloff', 'boil-off')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });

  it('allows more edits in longer words, none under four letters', () => {
    expect([3, 4, 5, 6, 10, 11].map(allowedEdits)).toEqual([0, 1, 1, 2, 2, 3]);
  });

  it('matches the start of a longer word, a little behind a whole word', () => {
    expect(candidateDistance('regasify', 'regasification')).toBe(1.5);
    expect(candidateDistance('netbak', 'netback')).toBe(1);
    expect(candidateDistance('etback', 'netbackxyz')).toBeNull();
    expect(candidateDistance('lng', 'lnga')).toBeNull();
  });

  it('picks the nearest candidate, then the most used, then the first alphabetically', () => {
    const candidates = [
      { word: 'regasified', uses: 2 },
      { word: 'regasification', uses: 9 },
      { word: 'netback', uses: 5 },
      { word: 'boil-off', uses: 1 },
    ];
    expect(bestCorrection('regasify', candidates)).toBe('regasification');
    expect(bestCorrection('boiloff', candidates)).toBe('boil-off');
    expect(bestCorrection('netbak', candidates)).toBe('netback');
    expect(bestCorrection('zzzzzz', candidates)).toBeNull();
    expect(bestCorrection('asdf', [{ word: 'as', uses: 100 }], 1)).toBeNull();
  });
});
