import type { Insertable, Selectable } from 'kysely';

/** multipart: parts PUT to signed URLs, then `complete`; single: one signed POST (`s3/params`), then its `complete`. */
export type UploadKind = 'multipart' | 'single';

/** open → completing → done; open (a day old) → sweeping → gone. See migration 006. */
export type UploadState = 'open' | 'completing' | 'sweeping' | 'done';

/** An upload an admin started (docs/documents.md, "Large files"). */
export interface UploadTable {
  /** The uploadId the browser sees: a UUID of ours. */
  id: string;
  kind: UploadKind;
  state: UploadState;
  /** documents/<uuid>: where the finished file lives; generated, never from the file name. */
  object_key: string;
  /** S3's UploadId of the multipart upload; null on disk and for single uploads. */
  storage_upload_id: string | null;
  admin_id: number;
  /** The file's name on the admin's computer, for the admin list only. */
  original_name: string;
  /** The type the browser claimed: recorded, never trusted (the bytes decide). */
  claimed_type: string;
  title: string;
  description: string | null;
  category: string;
  /** Set when done: the document it became. */
  document_id: number | null;
  /** Epoch milliseconds. */
  created_at: number;
  /** When a request (complete) or the sweep took the row; null while open. */
  claimed_at: number | null;
}

export type UploadRow = Selectable<UploadTable>;
export type NewUploadRow = Insertable<UploadTable>;

export interface UploadTables {
  uploads: UploadTable;
}
