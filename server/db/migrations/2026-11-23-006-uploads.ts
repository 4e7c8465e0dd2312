import type { Kysely } from 'kysely';

/**
 * Uploads an admin has started and not finished: the multipart uploads of large documents
 * (parts go straight from the browser to storage) and the single-request targets of
 * `s3/params`. A row records who started it and the document's metadata, so `complete` can
 * create the document; the sweep removes rows (and their parts) left unfinished for a day.
 *
 * `id` is the uploadId the browser sees (a UUID of ours); `storage_upload_id` is S3's own
 * UploadId (null on disk, where ours is used). `state` is open, completing (one request
 * holds it, since `claimed_at`), sweeping, or done (the document exists: a repeated
 * `complete` answers the same; the row goes a day later).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('kind', 'varchar(12)', (column) => column.notNull())
    .addColumn('state', 'varchar(12)', (column) => column.notNull())
    .addColumn('object_key', 'varchar(200)', (column) => column.notNull().unique())
    .addColumn('storage_upload_id', 'varchar(1024)')
    .addColumn('admin_id', 'integer', (column) => column.notNull())
    .addColumn('original_name', 'varchar(255)', (column) => column.notNull())
    .addColumn('claimed_type', 'varchar(255)', (column) => column.notNull())
    .addColumn('title', 'varchar(200)', (column) => column.notNull())
    .addColumn('description', 'text')
    .addColumn('category', 'varchar(30)', (column) => column.notNull())
    .addColumn('document_id', 'integer')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('claimed_at', 'bigint')
    .execute();
  // The sweep looks for old rows.
  await db.schema.createIndex('uploads_created_idx').on('uploads').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
