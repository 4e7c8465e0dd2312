import type { Generated, Insertable, Selectable } from 'kysely';

/** One document of the library; the file itself is in object storage under `object_key`. */
export interface DocumentTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  /** documents/<uuid>.<ext>: generated, never derived from the uploaded file's name. */
  object_key: string;
  /** The file's name on the uploader's computer, kept for the admin list only. */
  original_name: string;
  /** Recognised from the file's bytes, not taken from the browser. */
  mime_type: string;
  size_bytes: number;
  /** One of the eight knowledge-base tab ids. */
  category: string;
  /** JSON array of /objects/images/<uuid>.<ext> paths. */
  carousel_images: Generated<string>;
  /** Epoch milliseconds. */
  created_at: number;
  /** Epoch milliseconds of the last change (the upload, for a document never edited). */
  updated_at: number;
  /** Raised by every change, restore included (docs/trash-and-audit.md). */
  version: Generated<number>;
  /** The admin who changed it last; null for seeds. */
  updated_by: Generated<string | null>;
  /** Epoch ms when it went to the trash; null while live. */
  deleted_at: Generated<number | null>;
  deleted_by: Generated<string | null>;
}

/** One-time seeds still owed to this database (see migration 005). */
export interface PendingSeedTable {
  name: string;
}

export type DocumentRow = Selectable<DocumentTable>;
export type NewDocumentRow = Insertable<DocumentTable>;

export interface DocumentTables {
  documents: DocumentTable;
  pending_seeds: PendingSeedTable;
}
