import type { Generated, Insertable, Selectable } from 'kysely';

/** One admin write (docs/trash-and-audit.md), inserted in the same transaction as the write. */
export interface AuditLogTable {
  id: Generated<number>;
  /** Epoch milliseconds. */
  at: number;
  /** Null when no admin account is behind it: the CLI, the sweep, a failed login for an unknown name. */
  admin_id: number | null;
  /** The admin's username, `cli`, `system`, or the name typed at a failed login (at most 64 characters). */
  admin_name: string;
  action: string;
  entity_kind: string;
  entity_id: string | null;
  summary: string;
  /** JSON objects of the record's fields, or null. */
  before: string | null;
  after: string | null;
}

export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogRow = Insertable<AuditLogTable>;

export interface AuditTables {
  audit_log: AuditLogTable;
}
