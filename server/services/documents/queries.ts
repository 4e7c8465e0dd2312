import type { Db } from '../../db/connection.ts';
import type { DocumentRow, NewDocumentRow } from '../../db/tables/documents.ts';

/**
 * The documents table's queries; each takes the database (or a transaction) first. Rows with
 * `deleted_at` set are in the trash (docs/trash-and-audit.md): only the trash's own queries
 * see them.
 */

export function listDocuments(db: Db, category?: string): Promise<DocumentRow[]> {
  let query = db.selectFrom('documents').selectAll().where('deleted_at', 'is', null);
  if (category) query = query.where('category', '=', category);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** A live document. */
export function findDocument(db: Db, id: number): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export function insertDocument(db: Db, row: NewDocumentRow): Promise<DocumentRow> {
  return db.insertInto('documents').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Writes the edit if the row is live and still at `version`; undefined otherwise (gone, or changed meanwhile). */
export async function updateDocument(
  db: Db,
  id: number,
  version: number,
  values: { title: string; description: string | null; category: string; carousel_images: string; updated_at: number; updated_by: string | null },
): Promise<DocumentRow | undefined> {
  return db
    .updateTable('documents')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Moves a live document to the trash; undefined when there is none. */
export function trashDocument(db: Db, id: number, deletedBy: string | null, now: number): Promise<DocumentRow | undefined> {
  return db
    .updateTable('documents')
    .set({ deleted_at: now, deleted_by: deletedBy })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Brings a document back from the trash, as a new version. */
export function restoreDocument(db: Db, id: number, updatedBy: string | null, now: number): Promise<DocumentRow | undefined> {
  return db
    .updateTable('documents')
    .set((eb) => ({ deleted_at: null, deleted_by: null, version: eb('version', '+', 1), updated_at: now, updated_by: updatedBy }))
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the row for good: only from the trash, unless `alsoLive` (an import cancelled while its row was written). */
export function deleteDocument(db: Db, id: number, alsoLive = false): Promise<DocumentRow | undefined> {
  let query = db.deleteFrom('documents').where('id', '=', id);
  if (!alsoLive) query = query.where('deleted_at', 'is not', null);
  return query.returningAll().executeTakeFirst();
}

/** Documents in the trash, newest deletion first; `before` limits them to those deleted before that time. */
export function trashedDocuments(db: Db, before?: number): Promise<DocumentRow[]> {
  let query = db.selectFrom('documents').selectAll().where('deleted_at', 'is not', null);
  if (before !== undefined) query = query.where('deleted_at', '<', before);
  return query.orderBy('deleted_at', 'desc').orderBy('id', 'desc').execute();
}

/**
 * Ids of other documents whose carousel lists this image (its path is unique, so a substring
 * match is exact). Documents in the trash count: their images stay until they are purged.
 */
export async function documentsUsingImage(db: Db, imagePath: string, exceptId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('documents')
    .select('id')
    .where('id', '!=', exceptId)
    .where('carousel_images', 'like', `%"${imagePath}"%`)
    .execute();
  return rows.map((row) => row.id);
}

/** Whether the carousel image at `imagePath` is shown only by documents in the trash (none live uses it). */
export async function imageOnlyInTrash(db: Db, imagePath: string): Promise<boolean> {
  const rows = await db.selectFrom('documents').select('deleted_at').where('carousel_images', 'like', `%"${imagePath}"%`).execute();
  return rows.length > 0 && rows.every((row) => row.deleted_at !== null);
}

/** Takes the one-time seed `name` if it is still owed; true for exactly one caller. */
export async function claimSeed(db: Db, name: string): Promise<boolean> {
  const result = await db.deleteFrom('pending_seeds').where('name', '=', name).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
