import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import { createSearchIndex } from '../../server/services/search/create-search-index.ts';
import { type TestDatabase, createTestDatabase } from '../helpers/databases.ts';

/** Migration 018 on SQLite: an index built by 017 is moved to the 018 shape (PDF pages in search_page_fts). */
describe('migration 018 on sqlite', () => {
  let database: TestDatabase | undefined;
  afterAll(async () => database?.destroy());

  it('rebuilds a 017 index: pages leave search_fts and search_title_fts for search_page_fts, and searches find them', async () => {
    database = await createTestDatabase('sqlite');
    const db = database.handle.db;
    const upTo017 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= '2026-11-26-017-search'));
    await migrateToLatest(db, upTo017);
    const document = 4 * 2 ** 40;
    const rows = [
      { id: 2 ** 40 + 1, kind: 'glossary', source_id: '1', part: 0, title: 'Netback', keywords: '', body: 'The price at the plant gate.', url: '/g', label: null },
      { id: document + 1, kind: 'document', source_id: '7', part: 0, title: 'Propane terminal brochure', keywords: '', body: 'Our coastal terminal.', url: '/d', label: 'NGL' },
      { id: document + 2, kind: 'document', source_id: '7', part: 1, title: 'Propane terminal brochure', keywords: '', body: 'Pumps at the quay.', url: '/d', label: 'NGL' },
    ];
    await db.insertInto('search_entries').values(rows).execute();
    await migrateToLatest(db);

    const count = async (table: string, word: string) =>
      Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${sql.table(table)} match ${word}`.execute(db)).rows[0]?.n);
    expect(await count('search_fts', 'propane')).toBe(1);
    expect(await count('search_title_fts', 'propane')).toBe(1);
    expect(await count('search_fts', 'quay')).toBe(0);
    expect(await count('search_page_fts', 'quay')).toBe(1);
    expect(await count('search_page_fts', 'netback')).toBe(0);
    const integrity = (table: string) => sql`insert into ${sql.table(table)}(${sql.table(table)}) values ('integrity-check')`.execute(db);
    for (const table of ['search_fts', 'search_title_fts', 'search_page_fts']) await integrity(table);

    const index = createSearchIndex(db, 'sqlite');
    const [hit] = (await index.query({ q: 'quay', limit: 10 })).groups[0]?.hits ?? [];
    expect(hit).toMatchObject({ id: 'document:7', page: 1 });
    // Writes after the migration go to the right tables.
    await db.transaction().execute((trx) => index.removeSource(trx, 'document', '7'));
    expect(await count('search_page_fts', 'quay')).toBe(0);
    expect(await count('search_fts', 'propane')).toBe(0);
    for (const table of ['search_fts', 'search_title_fts', 'search_page_fts']) await integrity(table);
  });
});
