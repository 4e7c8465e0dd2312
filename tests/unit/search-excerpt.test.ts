import { describe, expect, it } from 'vitest';
import { EXCERPT_WORDS, MARK_END, MARK_START, markEntry, markerFor } from '../../server/services/search/excerpt.ts';
import type { MatchTerm } from '../../server/services/search/search-flow.ts';

/** Excerpts marked in TypeScript, the same on both dialects (docs/search.md, 'How ranking works'). */
const term = (text: string, extra: Partial<MatchTerm> = {}): MatchTerm => ({
  words: text.split(' '),
  prefix: false,
  ...extra,
});
const show = (text: string) => text.replaceAll(MARK_START, '[').replaceAll(MARK_END, ']');
const mark = (title: string, body: string, terms: MatchTerm[], size?: number) => {
  const { titleMarked, bodyExcerpt } = markEntry(title, body, markerFor(terms), size);
  return { title: show(titleMarked), body: show(bodyExcerpt) };
};

describe('markEntry', () => {
  it('marks words by their folded form and their Porter stem, keeping the text as written', () => {
    expect(mark('Boil-off gas', 'Vapour produced as LNG warms in a tank.', [term('warming'), term('lng')])).toEqual({
      title: 'Boil-off gas',
      body: 'Vapour produced as [LNG] [warms] in a tank.',
    });
    expect(mark('Régasification', 'Turning liquefied gas back into GAS.', [term('regasification'), term('liquefy'), term('gas')]).body).toBe(
      'Turning [liquefied] [gas] back into [GAS].',
    );
    expect(mark('Régasification', '', [term('regasification')])).toEqual({
      title: '[Régasification]',
      body: '',
    });
  });

  it('reads words in any script, accented first letters and characters outside the BMP', () => {
    expect(mark('x', 'Le Équipement 🚚 équipé; 𝐀 LNG', [term('equipement'), term('lng')]).body).toBe('Le [Équipement] 🚚 [équipé]; 𝐀 [LNG]');
    expect(mark('x', '天然气 lng', [term('天然气')]).body).toBe('[天然气] lng');
  });

  it('marks a phrase only where its words follow each other, as one run', () => {
    expect(mark('Boil-off gas', 'Boil the water; boil off the vapour.', [term('boil off')]).body).toBe('Boil the water; [boil off] the vapour.');
    expect(mark('Boil-off gas', 'x', [term('boil off')]).title).toBe('[Boil-off] gas');
  });

  it('reads each text alone: a phrase never runs on into the words of a text marked before', () => {
    // The words of every text go into one reused buffer; a longer text's words stay there after it.
    const long = `${'off '.repeat(5000)}boil off`;
    expect(mark('Boil-off gas', long, [term('boil off')]).body.endsWith('[boil off]')).toBe(true);
    expect(mark('Boil', 'We boil', [term('boil off')])).toEqual({ title: 'Boil', body: 'We boil' });
    expect(mark('Off', 'boil', [term('boil off')]).body).toBe('boil');
  });

  it('matches the last word of a prefix term by prefix, and alternatives as whole words', () => {
    expect(mark('Netback pricing', 'The net price at the network.', [term('net', { prefix: true })]).body).toBe('The [net] price at the [network].');
    expect(mark('Netback pricing', 'The net price and the new networks.', [term('ne', { alternatives: ['net', 'netback', 'new'] })])).toEqual({
      title: '[Netback] pricing',
      body: 'The [net] price and the [new] networks.',
    });
    expect(mark('Cryogenic trailer', 'boil-off during transport', [term('boil o', { prefix: true })]).body).toBe('[boil-off] during transport');
  });

  it(`cuts the body to ${EXCERPT_WORDS} words around the densest cluster of matches, with … where cut`, () => {
    const filler = (from: number, count: number) => Array.from({ length: count }, (_, index) => `w${from + index}`).join(' ');
    // One lonely 'gas' early, then 'natural gas' together later: the window with both terms wins.
    const body = `${filler(0, 10)} gas ${filler(10, 60)} natural gas ${filler(70, 60)}.`;
    const { body: excerpt } = mark('Title', body, [term('natural'), term('gas')]);
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain('[natural] [gas]');
    expect(excerpt).not.toContain('w9 ');
    expect(
      excerpt
        .replace(/[…[\]]/g, '')
        .split(' ')
        .filter(Boolean),
    ).toHaveLength(EXCERPT_WORDS);
    // The match sits near the middle.
    const words = excerpt.split(' ');
    const at = words.findIndex((word) => word === '[natural]');
    expect(at).toBeGreaterThan(8);
    expect(at).toBeLessThan(22);
  });

  it('gives the start of the body when only the title matched, and the whole body when it is short', () => {
    const long = Array.from({ length: 50 }, (_, index) => `word${index}`).join(' ');
    expect(mark('LNG trailer', long, [term('lng')])).toEqual({
      title: '[LNG] trailer',
      body: `${long.split(' ').slice(0, EXCERPT_WORDS).join(' ')}…`,
    });
    expect(mark('LNG', 'Short, with LNG.', [term('lng')]).body).toBe('Short, with [LNG].');
    // Cut at the start only: the window reaches the end, trailing punctuation kept.
    expect(mark('x', `${long} LNG!`, [term('lng')], 10).body).toBe('…word41 word42 word43 word44 word45 word46 word47 word48 word49 [LNG]!');
  });

  it('leaves words whose first letter differs unstemmed and unmarked, and any text without markers when nothing matches', () => {
    expect(mark('Propane', 'Butane and ethane.', [term('propane')])).toEqual({
      title: '[Propane]',
      body: 'Butane and ethane.',
    });
    expect(mark('A', 'nothing here', [])).toEqual({
      title: 'A',
      body: 'nothing here',
    });
  });
});
