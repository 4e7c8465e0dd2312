import type { Role } from '@domain/permissions.ts';
import type { Generated, Selectable } from 'kysely';

export interface AdminTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  totp_secret: string | null;
  /** Written on every insert: the column's default (owner) is only for admins from before roles. */
  role: Role;
  created_at: number;
  updated_at: number;
}

export interface AdminSessionTable {
  id_hash: string;
  admin_id: number;
  created_at: number;
  last_seen_at: number;
}

export type AdminRow = Selectable<AdminTable>;

export interface AdminTables {
  admins: AdminTable;
  admin_sessions: AdminSessionTable;
}
