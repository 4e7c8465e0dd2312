import { describe, expect, it } from 'vitest';
import { type RankedRow, orderSources } from '../../server/services/search/search-flow.ts';

/** The order of one pass's sources (docs/search.md, "How ranking works"), the same on both dialects. */
const row = (id: number, sourceId: string, part: number, score: number, kind: RankedRow['kind'] = 'document'): RankedRow => ({ id, kind, sourceId, part, score });

describe('orderSources', () => {
  it('takes each source once, by its best score, ties to the source id', () => {
    const ordered = orderSources([row(1, 'b', 0, 1, 'glossary'), row(2, 'a', 0, 1, 'glossary'), row(3, 'c', 0, 2, 'glossary'), row(4, 'c', 0, 0.5, 'glossary')]);
    expect(ordered.map((each) => each.sourceId)).toEqual(['c', 'a', 'b']);
  });

  it("puts documents found only by PDF pages after those found by their own row, more pages first, then newest, showing the first matching page", () => {
    const ordered = orderSources([
      // Page scores are ignored, whatever the driver gives.
      row(10, '1', 3, 99),
      row(11, '1', 2, 0),
      row(20, '2', 1, 0),
      row(30, '3', 4, 0),
      row(40, '4', 0, 0.1),
      row(41, '4', 1, 50),
    ]);
    expect(ordered.map((each) => [each.sourceId, each.part])).toEqual([
      ['4', 0],
      ['1', 2],
      ['3', 4],
      ['2', 1],
    ]);
  });
});
