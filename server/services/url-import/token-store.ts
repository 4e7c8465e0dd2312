import crypto from 'node:crypto';
import type { DocumentUploadFields } from '@domain/documents/schema.ts';
import type { Db } from '../../db/connection.ts';

/** A token is refused when no socket took it within this time. */
export const TOKEN_TTL_MS = 60_000;

/** 32 random bytes, base64url: what POST url/get answers and the socket path carries. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface PendingImport {
  adminId: number;
  url: string;
  fields: DocumentUploadFields;
}

function hashOf(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * The tokens of imports waiting for their socket, in the `url_imports` table (migration 007)
 * so a socket can reach any process. Each is random, single-use (taking it deletes the row,
 * and only one of several takers gets it) and expires after TOKEN_TTL_MS.
 */
export class ImportTokenStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async create(pending: PendingImport): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = this.now();
    // Tokens nobody took are cleared as new ones are made: the table stays as small as the last minute.
    await this.db.deleteFrom('url_imports').where('created_at', '<', now - TOKEN_TTL_MS).execute();
    await this.db
      .insertInto('url_imports')
      .values({
        token_hash: hashOf(token),
        admin_id: pending.adminId,
        url: pending.url,
        ...pending.fields,
        created_at: now,
      })
      .execute();
    return token;
  }

  /**
   * The import behind `token`, once: the row is deleted as it is read (DELETE … RETURNING, so
   * of two sockets with one token only one gets it). Null for an unknown, used or expired
   * token, or one another admin made.
   */
  async take(token: string, adminId: number): Promise<PendingImport | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const row = await this.db.deleteFrom('url_imports').where('token_hash', '=', hashOf(token)).returningAll().executeTakeFirst();
    if (!row || row.admin_id !== adminId || row.created_at < this.now() - TOKEN_TTL_MS) return null;
    return {
      adminId: row.admin_id,
      url: row.url,
      fields: { title: row.title, description: row.description, category: row.category as DocumentUploadFields['category'] },
    };
  }
}
