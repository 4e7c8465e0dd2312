import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import * as pageGroups from '../../server/db/migrations/2026-11-26-020-search-postgres-page-groups.ts';
import { createSearchIndex } from '../../server/services/search/create-search-index.ts';
import type { SearchEntry } from '../../server/services/search/search-index.ts';
import { type TestDatabase, createTestDatabase, testDialects } from '../helpers/databases.ts';

/** Migration 020 on PostgreSQL: the documents' GIN index of 019 split into their own rows' and three groups of pages. */
describe.runIf(testDialects.includes('postgres'))('migration 020 on postgres', () => {
  let database: TestDatabase | undefined;
  afterAll(async () => database?.destroy());

  const page = (sourceId: string, part: number, body: string): SearchEntry => ({
    kind: 'document',
    sourceId,
    part,
    title: `Brochure ${sourceId}`,
    keywords: '',
    body,
    url: `/knowledge-base?tab=lng#document-${sourceId}`,
  });

  it('replaces a 019 index, finds pages in every group, and goes back down to 019', async () => {
    database = await createTestDatabase('postgres');
    const db = database.handle.db;
    const upTo019 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= '2026-11-26-019-search-postgres'));
    await migrateToLatest(db, upTo019);
    const index = createSearchIndex(db, 'postgres');
    // Ids ending in 1 and 4 (the first two groups) and in a letter (the rest).
    const sources = ['21', '14', 'x-b'].map((id) => ({
      kind: 'document' as const,
      sourceId: id,
      entries: [page(id, 0, 'A brochure.'), page(id, 1, 'Nothing.'), page(id, 2, `Dewar flasks of brochure ${id}.`)],
    }));
    await db.transaction().execute((trx) => index.replaceSources?.(trx, sources) ?? Promise.resolve());

    const indexes = async () =>
      (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'search_entries' and indexname like 'search_entries_tsv_%' order by 1`.execute(db)).rows.map(
        (row) => row.name,
      );
    const found = async () => ((await index.query({ q: 'dewar', limit: 10 })).groups[0]?.hits ?? []).map((hit) => [hit.id, hit.page]).sort();
    const expected = [
      ['document:14', 2],
      ['document:21', 2],
      ['document:x-b', 2],
    ];

    await migrateToLatest(db);
    expect(await indexes()).toEqual([
      'search_entries_tsv_document_own_idx',
      'search_entries_tsv_glossary_idx',
      'search_entries_tsv_other_idx',
      'search_entries_tsv_pages_012_idx',
      'search_entries_tsv_pages_345_idx',
      'search_entries_tsv_pages_rest_idx',
    ]);
    expect(await found()).toEqual(expected);

    await pageGroups.down(db);
    expect(await indexes()).toEqual(['search_entries_tsv_document_idx', 'search_entries_tsv_glossary_idx', 'search_entries_tsv_other_idx']);
    await pageGroups.up(db);
    expect(await found()).toEqual(expected);
  });
});
