import { type GlossaryTermInput } from '@domain/glossary/schema.ts';
import { type GlossaryCategoryFilter, type GlossaryTerm, isGlossaryCategory } from '@domain/glossary/term.ts';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { isSqlite } from '../../db/migrations/portable.ts';
import type { GlossaryTermRow } from '../../db/tables/glossary.ts';

/**
 * The knowledge-base glossary's queries: search for the API and the page loader, and the
 * admin's create, update and delete. They take `db` first; `createGlossaryService`
 * (glossary-service.ts) binds them to the app's database for `context.services.glossary`.
 */

export interface GlossarySearch {
  /** Matched case-insensitively anywhere in the term, definition or synonyms. */
  search?: string;
  category?: GlossaryCategoryFilter;
}

/** A second term with the same name (case-insensitive) was refused. */
export class DuplicateTermError extends Error {
  constructor(readonly term: string) {
    super(`A term named "${term}" already exists.`);
    this.name = 'DuplicateTermError';
  }
}

/** LIKE treats % and _ as wildcards; a search for "50%" or "C_2" means those characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function toTerm(row: GlossaryTermRow): GlossaryTerm {
  return {
    id: Number(row.id),
    term: row.term,
    definition: row.definition,
    // Only the API writes this column and it validates the category; this keeps the type honest.
    category: isGlossaryCategory(row.category) ? row.category : 'general',
    synonyms: row.synonyms,
    relatedTerms: row.related_terms,
  };
}

export async function searchGlossaryTerms(db: Db, { search = '', category = 'all' }: GlossarySearch = {}): Promise<GlossaryTerm[]> {
  let query = db.selectFrom('glossary_terms').selectAll();
  if (category !== 'all') query = query.where('category', '=', category);
  const needle = search.trim();
  if (needle) {
    const pattern = `%${escapeLike(needle)}%`;
    // Case-insensitive on both. SQLite's LIKE already ignores (ASCII) case, exactly as its
    // lower() would, and skipping lower() halves the time at 10,000 terms; PostgreSQL's LIKE
    // is case-sensitive, and lower() LIKE lower() measured a little faster there than ILIKE
    // (EXPLAIN ANALYZE over 10,000 rows).
    const sqlite = isSqlite(db);
    const contains = (column: 'term' | 'definition' | 'synonyms'): Expression<SqlBool> =>
      sqlite
        ? sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`
        : sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
    query = query.where((eb) => eb.or([contains('term'), contains('definition'), contains('synonyms')]));
  }
  const rows = await query.orderBy(sql`lower(term)`).orderBy('id').execute();
  return rows.map(toTerm);
}

export async function countGlossaryTerms(db: Db): Promise<number> {
  const row = await db
    .selectFrom('glossary_terms')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findGlossaryTerm(db: Db, id: number): Promise<GlossaryTerm | null> {
  const row = await db.selectFrom('glossary_terms').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toTerm(row) : null;
}

export async function createGlossaryTerm(db: Db, input: GlossaryTermInput, now = new Date()): Promise<GlossaryTerm> {
  await ensureUniqueName(db, input.term);
  const timestamp = now.toISOString();
  const row = await withDuplicateCheck(input.term, () =>
    db
      .insertInto('glossary_terms')
      .values({
        term: input.term,
        definition: input.definition,
        category: input.category,
        synonyms: input.synonyms,
        related_terms: input.relatedTerms,
        created_at: timestamp,
        updated_at: timestamp,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return toTerm(row);
}

/** Replaces a term's fields; null when no term has that id. */
export async function updateGlossaryTerm(
  db: Db,
  id: number,
  input: GlossaryTermInput,
  now = new Date(),
): Promise<GlossaryTerm | null> {
  await ensureUniqueName(db, input.term, id);
  const row = await withDuplicateCheck(input.term, () =>
    db
      .updateTable('glossary_terms')
      .set({
        term: input.term,
        definition: input.definition,
        category: input.category,
        synonyms: input.synonyms,
        related_terms: input.relatedTerms,
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst(),
  );
  return row ? toTerm(row) : null;
}

/** True when a term was deleted, false when no term has that id. */
export async function deleteGlossaryTerm(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('glossary_terms').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A readable 409 in the common case; the unique index still decides a race. */
async function ensureUniqueName(db: Db, term: string, exceptId?: number): Promise<void> {
  let query = db
    .selectFrom('glossary_terms')
    .select('id')
    .where(sql<SqlBool>`lower(term) = lower(${term})`);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw new DuplicateTermError(term);
}

async function withDuplicateCheck<T>(term: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateTermError(term);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // better-sqlite3 and pg name the same failure differently.
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
