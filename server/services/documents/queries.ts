import type { Db } from '../../db/connection.ts';
import type { DocumentRow, NewDocumentRow } from '../../db/tables/documents.ts';

/** The documents table's queries; each takes the database (or a transaction) first. */

export function listDocuments(db: Db, category?: string): Promise<DocumentRow[]> {
  let query = db.selectFrom('documents').selectAll();
  if (category) query = query.where('category', '=', category);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function findDocument(db: Db, id: number): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertDocument(db: Db, row: NewDocumentRow): Promise<DocumentRow> {
  return db.insertInto('documents').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateDocument(
  db: Db,
  id: number,
  values: { title: string; description: string | null; category: string; carousel_images: string },
): Promise<DocumentRow | undefined> {
  return db.updateTable('documents').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export function deleteDocument(db: Db, id: number): Promise<DocumentRow | undefined> {
  return db.deleteFrom('documents').where('id', '=', id).returningAll().executeTakeFirst();
}

/** Ids of other documents whose carousel lists this image (its path is unique, so a substring match is exact). */
export async function documentsUsingImage(db: Db, imagePath: string, exceptId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('documents')
    .select('id')
    .where('id', '!=', exceptId)
    .where('carousel_images', 'like', `%"${imagePath}"%`)
    .execute();
  return rows.map((row) => row.id);
}

/** Takes the one-time seed `name` if it is still owed; true for exactly one caller. */
export async function claimSeed(db: Db, name: string): Promise<boolean> {
  const result = await db.deleteFrom('pending_seeds').where('name', '=', name).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
