import type { SearchKind, SearchResponse } from '@domain/search/types.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createSearchIndex } from '../../server/services/search/create-search-index.ts';
import type { SearchEntry, SearchIndex } from '../../server/services/search/search-index.ts';
import { type TestDatabase, createTestDatabase, testDialects } from '../helpers/databases.ts';

/** The same cases on every dialect (docs/search.md): what one dialect finds, the other finds too. */

const entry = (kind: SearchKind, sourceId: string, title: string, body: string, extra: Partial<SearchEntry> = {}): SearchEntry => ({
  kind,
  sourceId,
  part: 0,
  title,
  keywords: '',
  body,
  url: `/somewhere/${kind}/${sourceId}`,
  ...extra,
});

const sources: SearchEntry[][] = [
  [entry('glossary', '1', 'Netback', 'The price a producer receives at the plant gate, after transport and processing costs are deducted from the market price.', { label: 'General', url: '/knowledge-base#term-netback' })],
  [entry('glossary', '2', 'Regasification', 'Turning liquefied natural gas back into gas by warming it, at a terminal or on site.', { label: 'LNG' })],
  [entry('glossary', '3', 'Boil-off gas', 'Vapour produced as LNG warms in a tank; it is burnt as fuel or reliquefied.', { keywords: 'BOG', label: 'LNG' })],
  [entry('glossary', '4', 'Cryogenic trailer', 'A vacuum-insulated road tanker that carries LNG at -162 °C.', { label: 'Transportation' })],
  [entry('glossary', '5', 'Virtual pipeline', 'LNG or NGL moved by trailer, rail or ship where no pipe reaches.', { label: 'General' })],
  [entry('glossary', '6', 'Peak shaving', 'Storing LNG to meet the highest demand of the year.', { label: 'Storage' })],
  [entry('faq', 'vpv-market', 'What is the VPV Market?', 'An online marketplace where producers and buyers of LNG and NGL meet and agree on deliveries.')],
  [entry('tutorial', '2', 'Plan the route', 'Choose the loading terminal, the trailer and the delivery window.', { url: '/knowledge-base?tab=tutorials#tutorial-step-2' })],
  [
    entry('document', '7', 'Propane terminal brochure', 'Our coastal propane terminal at a glance.', { label: 'NGL', url: '/knowledge-base?tab=ngl#document-7' }),
    entry('document', '7', 'Propane terminal brochure', 'Chapter one describes the tanks and the safety systems of the site.', { part: 1, url: '/knowledge-base?tab=ngl#document-7' }),
    entry('document', '7', 'Propane terminal brochure', 'Cryogenic pumps transfer the cargo at the quay within four hours.', { part: 3, url: '/knowledge-base?tab=ngl#document-7' }),
  ],
  [entry('page', '/virtual-pipeline#how-it-works', 'How it works', 'Molecules travel by road from the liquefaction plant to the customer.', { url: '/virtual-pipeline#how-it-works' })],
];

const titles = (response: SearchResponse, kind?: SearchKind) =>
  response.groups.filter((group) => !kind || group.kind === kind).flatMap((group) => group.hits.map((hit) => hit.title));

describe.each(testDialects)('the search index on %s', (dialect) => {
  let database: TestDatabase;
  let index: SearchIndex;
  const query = (q: string, options: { kind?: SearchKind; limit?: number } = {}) => index.query({ q, limit: options.limit ?? 10, ...(options.kind ? { kind: options.kind } : {}) });
  const words = async () =>
    Object.fromEntries((await database.handle.db.selectFrom('search_words').selectAll().execute()).map((row) => [row.word, Number(row.uses)]));

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.handle.db);
    index = createSearchIndex(database.handle.db, dialect);
  });
  afterAll(async () => database?.destroy());

  beforeEach(async () => {
    await database.handle.db.transaction().execute(async (trx) => {
      await index.clear(trx);
      for (const entries of sources) {
        const first = entries[0];
        if (first) await index.replaceSource(trx, first.kind, first.sourceId, entries);
      }
    });
  });

  it('finds a word in titles and bodies of every kind, grouped in the order of SEARCH_KINDS', async () => {
    const response = await query('trailer');
    expect(response.groups.map((group) => group.kind)).toEqual(['glossary', 'tutorial']);
    expect(response.total).toBe(3);
    expect(response.query).toBe('trailer');
    expect(response.correctedQuery).toBeNull();
    expect(response.suggestion).toBeNull();
    const lng = await query('LNG');
    expect(lng.groups.map((group) => group.kind)).toEqual(['glossary', 'faq']);
  });

  it('ranks a match in the title above one in the body', async () => {
    expect(titles(await query('trailer'), 'glossary')).toEqual(['Cryogenic trailer', 'Virtual pipeline']);
    expect(titles(await query('pipeline'), 'glossary')[0]).toBe('Virtual pipeline');
  });

  it('answers each hit with its id, url, label and an excerpt with the words marked', async () => {
    const [hit] = (await query('netback')).groups[0]?.hits ?? [];
    expect(hit).toMatchObject({ kind: 'glossary', id: 'glossary:1', title: 'Netback', url: '/knowledge-base#term-netback', label: 'General' });
    const market = (await query('marketplace producers')).groups[0]?.hits[0];
    expect(market?.id).toBe('faq:vpv-market');
    const marked = market?.excerpt.filter((part) => part.match).map((part) => part.text.toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(['marketplace', 'producers']));
    expect(market?.excerpt.map((part) => part.text).join('')).toContain('buyers of LNG');
    expect(JSON.stringify(market?.excerpt)).not.toMatch(/[\uE000\uE001<>]/);
  });

  it('finds text inside a document once per document, with the PDF page it is on', async () => {
    const response = await query('quay');
    expect(response.groups).toHaveLength(1);
    const [hit] = response.groups[0]?.hits ?? [];
    expect(hit).toMatchObject({ kind: 'document', id: 'document:7', page: 3, url: '/knowledge-base?tab=ngl#document-7' });
    expect(hit?.excerpt.some((part) => part.match && part.text.toLowerCase() === 'quay')).toBe(true);
    // The title matches part 0 best: one hit, no page.
    const byTitle = await query('propane');
    expect(byTitle.total).toBe(1);
    expect(byTitle.groups[0]?.hits[0]).toMatchObject({ id: 'document:7', label: 'NGL' });
    expect(byTitle.groups[0]?.hits[0]?.page).toBeUndefined();
  });

  it('ranks documents found by their own text above those found only in PDF pages: more pages, then newest, each on its first matching page', async () => {
    const doc = (id: string, title: string, description: string, pages: string[]) => [
      entry('document', id, title, description),
      ...pages.map((text, index) => entry('document', id, title, text, { part: index + 1 })),
    ];
    await database.handle.db.transaction().execute(async (trx) => {
      for (const entries of [
        doc('21', 'Harbour guide', 'Where the hydrant stands on the pier.', ['Nothing to see.']),
        doc('22', 'Pump manual', 'Pumps and their parts.', ['Nothing here.', 'The hydrant feeds the pumps.', 'Test the hydrant weekly.']),
        doc('23', 'Valve sheet', 'Valves.', ['A hydrant valve.']),
        doc('24', 'Fitting list', 'Fittings.', ['Nothing either.', 'Hydrant fittings.']),
      ]) {
        const first = entries[0];
        if (first) await index.replaceSource(trx, 'document', first.sourceId, entries);
      }
    });
    const hits = (await query('hydrant')).groups.find((group) => group.kind === 'document')?.hits ?? [];
    expect(hits.map((hit) => [hit.id, hit.page])).toEqual([
      ['document:21', undefined],
      ['document:22', 2],
      ['document:24', 2],
      ['document:23', 1],
    ]);
    expect(hits[1]?.excerpt.some((part) => part.match && part.text === 'hydrant')).toBe(true);
    // The words of one query may be split between a document's title and one of its pages.
    const [split] = (await query('propane quay')).groups[0]?.hits ?? [];
    expect(split).toMatchObject({ id: 'document:7', page: 3 });
  });

  it('matches word forms and the last word as a prefix, as the visitor types', async () => {
    expect(titles(await query('netb'))).toEqual(['Netback']);
    expect(titles(await query('regas'))).toEqual(['Regasification']);
    expect(titles(await query('warming'))).toContain('Regasification');
    expect(titles(await query('warms'))).toEqual(expect.arrayContaining(['Boil-off gas', 'Regasification']));
    expect(titles(await query('boil-off'))).toEqual(['Boil-off gas']);
    expect(titles(await query('vpv market'))).toEqual(['What is the VPV Market?']);
    // The last word completed from the indexed words, and the completions marked.
    const typing = await query('vpv mark');
    expect(titles(typing)).toEqual(['What is the VPV Market?']);
    expect(typing.groups[0]?.hits[0]?.excerpt.filter((part) => part.match).map((part) => part.text)).toEqual(['marketplace']);
  });

  it('filters by kind and limits the hits of each kind', async () => {
    const faq = await query('LNG', { kind: 'faq' });
    expect(faq.groups.map((group) => group.kind)).toEqual(['faq']);
    const two = await query('LNG', { limit: 2 });
    expect(two.groups.find((group) => group.kind === 'glossary')?.hits).toHaveLength(2);
    expect(two.total).toBe(3);
  });

  it('corrects typing mistakes from the indexed words and says so', async () => {
    for (const [typed, title, corrected] of [
      ['netbak', 'Netback', 'netback'],
      ['regasify', 'Regasification', 'regasification'],
      ['boiloff', 'Boil-off gas', 'boil-off'],
      ['cryogenc trailer', 'Cryogenic trailer', 'cryogenic trailer'],
      ['cryogenc trailr', 'Cryogenic trailer', 'cryogenic trailer'],
    ] as const) {
      const response = await query(typed);
      expect(titles(response), typed).toContain(title);
      expect(titles(response)[0], typed).toBe(title);
      expect(response.correctedQuery, typed).toBe(corrected);
    }
  });

  it('falls back to any of the words when they never occur together', async () => {
    const response = await query('netback quay');
    expect(titles(response)).toEqual(expect.arrayContaining(['Netback', 'Propane terminal brochure']));
    expect(response.correctedQuery).toBeNull();
  });

  it('suggests indexed words when nothing matches, and nothing when none is near', async () => {
    const none = await query('zzzzqqq');
    expect(none).toEqual({ query: 'zzzzqqq', groups: [], total: 0, correctedQuery: null, suggestion: null });
    const elsewhere = await query('netbak', { kind: 'faq' });
    expect(elsewhere.total).toBe(0);
    expect(elsewhere.suggestion).toBe('netback');
    // Each word's nearest, in the order typed; a word with none near stays as typed.
    expect((await query('netbak cryogenc', { kind: 'faq' })).suggestion).toBe('netback cryogenic');
    expect((await query('zzzzqqq netbak', { kind: 'faq' })).suggestion).toBe('zzzzqqq netback');
  });

  it('answers every odd input normally, never an error', async () => {
    const inputs = [
      '',
      '   ',
      '"',
      '"unbalanced quote',
      "'; drop table search_entries; --",
      'NEAR(lng trailer, 2)',
      'lng AND',
      'OR',
      'NOT lng',
      '-lng',
      'lng -trailer',
      'lng*',
      '*',
      ':',
      'title:lng',
      '^lng',
      '(((',
      '&|!<->:*',
      "lng' & 'x",
      '!!!???...',
      '\u0000\u0001lng\u0007\u001b[31m',
      '\uD800lng',
      'lng\uDC00',
      '\uE000lng\uE001',
      '🚚 lng',
      'ß',
      'x'.repeat(10_000),
      'lng '.repeat(2_500),
      'a',
      'the',
    ];
    for (const input of inputs) {
      const response = await query(input);
      expect(response.query.length, JSON.stringify(input.slice(0, 40))).toBeLessThanOrEqual(200);
      expect(response.query).not.toMatch(/[\p{Cc}\uE000\uE001]/u);
      expect(response.total).toBe(response.groups.reduce((sum, group) => sum + group.hits.length, 0));
    }
    expect((await query('\u0000\u0001lng\u0007')).query).toBe('lng');
    expect(titles(await query('lng -trailer'))).toContain('Cryogenic trailer');
    expect(titles(await query('"cryogenic trailer"'))).toEqual(['Cryogenic trailer']);
    expect((await query('!!!???...')).groups).toEqual([]);
  });

  it('replaces and removes a source, and keeps the vocabulary counted', async () => {
    const db = database.handle.db;
    const before = await words();
    expect(before.netback).toBe(1);
    expect(before['boil-off']).toBe(1);
    await db.transaction().execute(async (trx) => {
      await index.replaceSource(trx, 'glossary', '1', [entry('glossary', '1', 'Net forward price', 'What is left of the market price.')]);
    });
    expect(titles(await query('netback'))).toEqual([]);
    expect(titles(await query('forward'))).toEqual(['Net forward price']);
    const after = await words();
    expect(after.netback).toBeUndefined();
    expect(after.forward).toBe(1);
    expect(after.price).toBe(2);
    expect(after.producer).toBeUndefined();
    // The same entries again change nothing.
    await db.transaction().execute(async (trx) => {
      await index.replaceSource(trx, 'glossary', '1', [entry('glossary', '1', 'Net forward price', 'What is left of the market price.')]);
    });
    expect(await words()).toEqual(after);

    await db.transaction().execute((trx) => index.removeSource(trx, 'document', '7'));
    expect((await query('quay')).total).toBe(0);
    expect((await words()).quay).toBeUndefined();
    // An empty list removes too; a rolled-back write leaves the index as it was.
    await db.transaction().execute((trx) => index.replaceSource(trx, 'page', '/virtual-pipeline#how-it-works', []));
    expect((await query('molecules')).total).toBe(0);
    await expect(
      db.transaction().execute(async (trx) => {
        await index.removeSource(trx, 'glossary', '4');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(titles(await query('cryogenic'))).toContain('Cryogenic trailer');
  });

  it.runIf(dialect === 'postgres')('on PostgreSQL, keeps PDF pages out of the titles, and matches through the GIN indexes (migrations 019 and 021)', async () => {
    const db = database.handle.db;
    // A page repeats its document's title: only part 0 carries it in title_tsv.
    const { rows } = await sql<{ part: number; title_words: number }>`
      select part, length(title_tsv) as title_words from search_entries where kind = 'document' and source_id = '7' order by part`.execute(db);
    expect(rows.map((row) => [Number(row.part), Number(row.title_words) > 0])).toEqual([
      [0, true],
      [1, false],
      [3, false],
    ]);
    // No planner statistics for the tsvectors, so the planner never prices a match as common enough to read the table.
    const { rows: targets } = await sql<{ name: string; target: number }>`
      select attname as name, attstattarget as target from pg_attribute
       where attrelid = 'search_entries'::regclass and attname in ('tsv', 'title_tsv') order by attname`.execute(db);
    expect(targets.map((row) => [row.name, Number(row.target)])).toEqual([
      ['title_tsv', 0],
      ['tsv', 0],
    ]);
    // A word in every row of one kind and none of another as large: with statistics, the
    // planner took half the table to match and read it in order to find 50 (the whole table).
    const bulk = (kind: SearchKind, body: string) =>
      Array.from({ length: 1500 }, (_, i) => ({ kind, sourceId: `bulk-${i}`, entries: [entry(kind, `bulk-${i}`, `Bulk ${kind} ${i}`, body)] }));
    await db.transaction().execute(async (trx) => {
      await index.replaceSources?.(trx, [...bulk('glossary', 'Liquefied natural gas carried by road in a cryogenic trailer.'), ...bulk('document', 'Pipeline pressure readings.')]);
    });
    await sql`analyze search_entries`.execute(db);
    // As rank asks within one kind: the kind's own GIN indexes (migrations 019 and 021).
    const plan = async (where: string) =>
      (await sql<{ 'QUERY PLAN': string }>`explain select id from search_entries e where ${sql.raw(where)} limit 50`.execute(db)).rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(await plan(`e.kind = 'document' and e.part = 0 and e.tsv @@ to_tsquery('english', 'trailer')`)).toContain('Bitmap Index Scan on search_entries_tsv_document_own_idx');
    expect(await plan(`e.kind = 'document' and e.part > 0 and e.tsv @@ to_tsquery('english', 'trailer')`)).toContain('Bitmap Index Scan on search_entries_tsv_pages_idx');
    expect(await plan(`e.kind = 'glossary' and e.tsv @@ to_tsquery('english', 'pressure')`)).toContain('Bitmap Index Scan on search_entries_tsv_glossary_idx');
    // One FAQ row: its rows by kind (the unique index) or the other kinds' GIN index, never the table.
    expect(await plan(`e.kind = 'faq' and e.tsv @@ (to_tsquery('english', 'trailer') && '§faq'::tsquery)`)).not.toContain('Seq Scan');
    expect(titles(await query('trailer', { kind: 'document' }))).toEqual([]);
    expect(titles(await query('pipeline pressure', { kind: 'document', limit: 2 }))).toHaveLength(2);
    expect(titles(await query('marketplace'))).toEqual(['What is the VPV Market?']);
  });

  it('finds PDF pages of documents whatever their ids, counting each document\'s matching pages', async () => {
    // Ids ending in 3, in 0 and in a letter (migration 020 grouped pages by the id's last character).
    const document = (id: string, title: string, pages: string[]) => ({
      kind: 'document' as const,
      sourceId: id,
      entries: [
        entry('document', id, title, 'A brochure.', { url: `/knowledge-base?tab=lng#document-${id}` }),
        ...pages.map((text, at) => entry('document', id, title, text, { part: at + 1, url: `/knowledge-base?tab=lng#document-${id}` })),
      ],
    });
    await database.handle.db.transaction().execute(async (trx) => {
      await index.replaceSources?.(trx, [
        document('13', 'Odd brochure', ['Nothing here.', 'Dewar flasks hold liquid nitrogen.', 'A dewar again, a dewar.']),
        document('20', 'Even brochure', ['A dewar.']),
        document('import-x', 'Imported brochure', ['Nothing.', 'Nothing.', 'Nothing.', 'Dewar and tank.', 'The dewar.', 'Dewar.']),
      ]);
    });
    const hits = (await query('dewar', { kind: 'document' })).groups[0]?.hits ?? [];
    // More matching pages first (3, 2, 1), each at its first matching page.
    expect(hits.map((hit) => [hit.title, hit.page])).toEqual([
      ['Imported brochure', 4],
      ['Odd brochure', 2],
      ['Even brochure', 1],
    ]);
    expect((await query('tank dewar', { kind: 'document' })).groups[0]?.hits.map((hit) => [hit.title, hit.page])).toEqual([['Imported brochure', 4]]);
  });

  it.runIf(dialect === 'postgres')('on PostgreSQL, answers the same with the generic plans of its prepared statements', async () => {
    // PostgreSQL may plan a prepared statement once for any values (after five runs); the
    // query's text is then a parameter, which the statements turn into a tsquery once.
    const cases: Array<[string, { kind?: SearchKind; limit?: number }]> = [
      ['LNG', {}],
      ['cryogenic trailer', {}],
      ['cryogenc trailr', {}],
      ['netback quay', {}],
      ['netbak', { kind: 'faq' }],
      ['zzzzqqq netbak', {}],
      ['regas', { limit: 2 }],
      ['boil-o', {}],
      ['quay', { kind: 'document' }],
    ];
    const expected = await Promise.all(cases.map(([q, options]) => query(q, options)));
    await database.handle.db.transaction().execute(async (trx) => {
      await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
      const generic = createSearchIndex(trx, dialect);
      for (const [at, [q, options]] of cases.entries()) {
        expect(await generic.query({ q, limit: options.limit ?? 10, ...(options.kind ? { kind: options.kind } : {}) }), q).toEqual(expected[at]);
      }
    });
  });

  it('clears one kind, or everything', async () => {
    const db = database.handle.db;
    await db.transaction().execute((trx) => index.clear(trx, 'faq'));
    expect(titles(await query('marketplace'))).toEqual([]);
    expect((await words()).marketplace).toBeUndefined();
    expect(titles(await query('netback'))).toEqual(['Netback']);
    await db.transaction().execute((trx) => index.clear(trx));
    expect((await query('lng')).total).toBe(0);
    expect(await words()).toEqual({});
    expect((await query('netbak')).suggestion).toBeNull();
  });
});
