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

export function toTerm(row: GlossaryTermRow): GlossaryTerm {
  return {
    id: Number(row.id),
    term: row.term,
    definition: row.definition,
    // Only the API writes this column and it validates the category; this keeps the type honest.
    category: isGlossaryCategory(row.category) ? row.category : 'general',
    synonyms: row.synonyms,
    relatedTerms: row.related_terms,
    version: Number(row.version),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** Live terms only: those in the trash (docs/trash-and-audit.md) are the trash's own. */
function liveTerms(db: Db) {
  return db.selectFrom('glossary_terms').where('deleted_at', 'is', null);
}

/** Needles this long or longer go through the trigram index (a trigram is three characters). */
const TRIGRAM_MIN_CHARS = 3;

export async function searchGlossaryTerms(db: Db, { search = '', category = 'all' }: GlossarySearch = {}): Promise<GlossaryTerm[]> {
  let query = liveTerms(db).selectAll();
  if (category !== 'all') query = query.where('category', '=', category);
  const needle = search.trim();
  if (needle) {
    const pattern = `%${escapeLike(needle)}%`;
    const sqlite = isSqlite(db);
    if (sqlite && [...needle].length >= TRIGRAM_MIN_CHARS) {
      // Three characters or more: migration 017's trigram index answers "contains" directly
      // (docs/search.md, "The glossary tab"). A quoted FTS5 phrase is plain text: % and _
      // are characters there, and a quote is doubled. It ignores case in every script.
      const phrase = `"${needle.replace(/"/g, '""')}"`;
      query = query.where(sql<SqlBool>`id in (select rowid from glossary_terms_trigram where glossary_terms_trigram match ${phrase})`);
    } else {
      // Case-insensitive on both. SQLite's LIKE already ignores (ASCII) case, exactly as its
      // lower() would, and skipping lower() halves the time at 10,000 terms; on PostgreSQL,
      // lower() LIKE lower() is what migration 017's pg_trgm indexes on lower(term),
      // lower(definition) and lower(synonyms) serve (from three characters on; shorter
      // needles scan, as before).
      const contains = (column: 'term' | 'definition' | 'synonyms'): Expression<SqlBool> =>
        sqlite
          ? sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`
          : sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
      query = query.where((eb) => eb.or([contains('term'), contains('definition'), contains('synonyms')]));
    }
  }
  const rows = await query.orderBy(sql`lower(term)`).orderBy('id').execute();
  return rows.map(toTerm);
}

export async function countGlossaryTerms(db: Db): Promise<number> {
  const row = await liveTerms(db)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A live term's row. */
export function findGlossaryRow(db: Db, id: number): Promise<GlossaryTermRow | undefined> {
  return liveTerms(db).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findGlossaryTerm(db: Db, id: number): Promise<GlossaryTerm | null> {
  const row = await findGlossaryRow(db, id);
  return row ? toTerm(row) : null;
}

export async function createGlossaryTerm(db: Db, input: GlossaryTermInput, updatedBy: string | null, now = new Date()): Promise<GlossaryTermRow> {
  await ensureUniqueName(db, input.term);
  const timestamp = now.toISOString();
  return withDuplicateCheck(input.term, () =>
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
        updated_by: updatedBy,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

/** Replaces a live term's fields if it is still at `version`; undefined when it is gone or changed meanwhile. */
export async function updateGlossaryTerm(
  db: Db,
  id: number,
  version: number,
  input: GlossaryTermInput,
  updatedBy: string | null,
  now = new Date(),
): Promise<GlossaryTermRow | undefined> {
  await ensureUniqueName(db, input.term, id);
  return withDuplicateCheck(input.term, () =>
    db
      .updateTable('glossary_terms')
      .set((eb) => ({
        term: input.term,
        definition: input.definition,
        category: input.category,
        synonyms: input.synonyms,
        related_terms: input.relatedTerms,
        updated_at: now.toISOString(),
        updated_by: updatedBy,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id)
      .where('version', '=', version)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst(),
  );
}

/** Moves a live term to the trash; undefined when there is none. */
export function trashGlossaryTerm(db: Db, id: number, deletedBy: string | null, now: number): Promise<GlossaryTermRow | undefined> {
  return db
    .updateTable('glossary_terms')
    .set({ deleted_at: now, deleted_by: deletedBy })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** A term in the trash. */
export function findTrashedGlossaryRow(db: Db, id: number): Promise<GlossaryTermRow | undefined> {
  return db.selectFrom('glossary_terms').selectAll().where('id', '=', id).where('deleted_at', 'is not', null).executeTakeFirst();
}

/** Brings a term back from the trash as a new version; a live term of the same name refuses it (RestoreConflictError). */
export async function restoreGlossaryTerm(db: Db, row: GlossaryTermRow, updatedBy: string | null, now = new Date()): Promise<GlossaryTermRow | undefined> {
  const refuse = () => new RestoreConflictError(row.term);
  try {
    await ensureUniqueName(db, row.term, row.id);
  } catch (error) {
    if (error instanceof DuplicateTermError) throw refuse();
    throw error;
  }
  try {
    return await db
      .updateTable('glossary_terms')
      .set((eb) => ({ deleted_at: null, deleted_by: null, updated_at: now.toISOString(), updated_by: updatedBy, version: eb('version', '+', 1) }))
      .where('id', '=', row.id)
      .where('deleted_at', 'is not', null)
      .returningAll()
      .executeTakeFirst();
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse();
    throw error;
  }
}

/** Deletes a term in the trash for good. */
export function deleteGlossaryTerm(db: Db, id: number): Promise<GlossaryTermRow | undefined> {
  return db.deleteFrom('glossary_terms').where('id', '=', id).where('deleted_at', 'is not', null).returningAll().executeTakeFirst();
}

/** Terms in the trash, newest deletion first; `before` limits them to those deleted before that time. */
export function trashedGlossaryTerms(db: Db, before?: number): Promise<GlossaryTermRow[]> {
  let query = db.selectFrom('glossary_terms').selectAll().where('deleted_at', 'is not', null);
  if (before !== undefined) query = query.where('deleted_at', '<', before);
  return query.orderBy('deleted_at', 'desc').orderBy('id', 'desc').execute();
}

/** A term in the trash cannot come back while a live term has its name. */
export class RestoreConflictError extends Error {
  constructor(readonly term: string) {
    super(`A term named "${term}" exists again. Rename or delete that one, then restore this.`);
    this.name = 'RestoreConflictError';
  }
}

/** A readable 409 in the common case; the unique index still decides a race. */
async function ensureUniqueName(db: Db, term: string, exceptId?: number): Promise<void> {
  let query = liveTerms(db)
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
