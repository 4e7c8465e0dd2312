/**
 * The trash (docs/trash-and-audit.md): what an admin deleted, kept for TRASH_RETENTION_DAYS
 * until it is restored or deleted forever. Shared by the admin API and the Trash page.
 */

export const TRASH_KINDS = ['document', 'glossary', 'contact', 'demo'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

export function isTrashKind(value: unknown): value is TrashKind {
  return typeof value === 'string' && (TRASH_KINDS as readonly string[]).includes(value);
}

/** One row of GET /api/admin/trash. */
export interface TrashItem {
  kind: TrashKind;
  id: number;
  /** The document's title, the glossary term, "First Last (Company)" or "Name (Company)" for a lead. */
  title: string;
  /** ISO 8601. */
  deletedAt: string;
  /** The admin's username, or null when unknown. */
  deletedBy: string | null;
  /** ISO 8601: when the periodic sweep deletes it forever. */
  purgeAt: string;
}

/** GET /api/admin/trash?kind=&page=&pageSize= */
export interface TrashPage {
  items: TrashItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** POST /api/admin/trash/:kind/:id/restore → 200. */
export interface RestoredItem {
  kind: TrashKind;
  id: number;
  title: string;
}

export const TRASH_DEFAULT_PAGE_SIZE = 20;
export const TRASH_MAX_PAGE_SIZE = 100;
