import type { Generated, Selectable } from 'kysely';

export interface AdminTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  totp_secret: string | null;
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
