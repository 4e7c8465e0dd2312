import type { Insertable, Selectable } from 'kysely';

/** An import from a link waiting for its socket (migration 007; docs/documents.md, "Import from link"). */
export interface UrlImportTable {
  /** SHA-256 (hex) of the token the browser holds. */
  token_hash: string;
  admin_id: number;
  /** The link, as checked when the token was made (checked again at every connection). */
  url: string;
  title: string;
  description: string | null;
  category: string;
  /** Epoch milliseconds; the token is refused 60 s later. */
  created_at: number;
}

export type UrlImportRow = Selectable<UrlImportTable>;
export type NewUrlImportRow = Insertable<UrlImportTable>;

export interface UrlImportTables {
  url_imports: UrlImportTable;
}
