import type { Db } from '../../db/connection.ts';
import type { NewUploadRow, UploadRow, UploadState } from '../../db/tables/uploads.ts';

/** The uploads table's queries; each takes the database first. */

export async function insertUpload(db: Db, row: NewUploadRow): Promise<void> {
  await db.insertInto('uploads').values(row).execute();
}

export function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setStorageUploadId(db: Db, id: string, storageUploadId: string): Promise<void> {
  await db.updateTable('uploads').set({ storage_upload_id: storageUploadId }).where('id', '=', id).execute();
}

/**
 * Takes the row for one request (complete, abort) or the sweep: it moves from one of `from`
 * to `to` only if nobody holds it, or its holder's claim is older than `staleBefore` (that
 * process died). True for exactly one of several callers, whichever process they run in.
 */
export async function claimUpload(
  db: Db,
  id: string,
  from: readonly UploadState[],
  to: UploadState,
  now: number,
  staleBefore: number,
): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set({ state: to, claimed_at: now })
    .where('id', '=', id)
    .where('state', 'in', from)
    .where((where) => where.or([where('state', '=', 'open'), where('claimed_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a claimed row back (a refused complete the admin can still fix). */
export async function releaseUpload(db: Db, id: string, claimedAt: number): Promise<void> {
  await db
    .updateTable('uploads')
    .set({ state: 'open', claimed_at: null })
    .where('id', '=', id)
    .where('claimed_at', '=', claimedAt)
    .execute();
}

export async function markUploadDone(db: Db, id: string, documentId: number): Promise<void> {
  await db.updateTable('uploads').set({ state: 'done', document_id: documentId, claimed_at: null }).where('id', '=', id).execute();
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}

/**
 * Rows the sweep should take at `now`: unfinished ones started before `cutoff`, and ones
 * whose claim went stale (a process died completing or aborting them). At most `limit`.
 */
export function sweepableUploads(db: Db, cutoff: number, staleBefore: number, limit: number): Promise<UploadRow[]> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where((where) =>
      where.or([
        where.and([where('state', '=', 'open'), where('created_at', '<', cutoff)]),
        where.and([where('state', '=', 'completing'), where('created_at', '<', cutoff), where('claimed_at', '<', staleBefore)]),
        where.and([where('state', '=', 'sweeping'), where('claimed_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Finished uploads kept (for a repeated complete) past `cutoff`: their rows go, their documents stay. */
export async function deleteDoneUploads(db: Db, cutoff: number): Promise<number> {
  const result = await db.deleteFrom('uploads').where('state', '=', 'done').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function uploadExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('uploads').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Whether a document owns this object: the sweep must never delete its file. */
export async function documentUsesKey(db: Db, key: string): Promise<boolean> {
  return (await db.selectFrom('documents').select('id').where('object_key', '=', key).executeTakeFirst()) !== undefined;
}
