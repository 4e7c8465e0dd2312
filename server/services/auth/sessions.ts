import type { AdminPrincipal } from '@domain/admin.ts';
import type { Db } from '../../db/connection.ts';
import { hashToken, newSessionToken } from './tokens.ts';

export interface SessionTimeouts {
  idleMs: number;
  absoluteMs: number;
}

/** Who a session belongs to, as the audit log names an actor. */
export interface SessionAdmin {
  id: number;
  username: string;
}

/** Only write last_seen_at when it is this stale, so every request is not a write. */
const TOUCH_INTERVAL_MS = 60_000;

/** Starts a session for an admin and returns the token for the cookie (never stored). */
export async function createSession(db: Db, adminId: number, now = Date.now()): Promise<string> {
  const token = newSessionToken();
  await db
    .insertInto('admin_sessions')
    .values({ id_hash: hashToken(token), admin_id: adminId, created_at: now, last_seen_at: now })
    .execute();
  return token;
}

/**
 * The admin a session token belongs to, or null when the session is unknown, idle for
 * longer than the idle timeout, or older than the absolute timeout (then it is deleted).
 */
export async function findSessionAdmin(
  db: Db,
  token: string,
  timeouts: SessionTimeouts,
  now = Date.now(),
): Promise<AdminPrincipal | null> {
  const idHash = hashToken(token);
  const row = await db
    .selectFrom('admin_sessions')
    .innerJoin('admins', 'admins.id', 'admin_sessions.admin_id')
    .select(['admins.id as id', 'admins.username as username', 'admins.role as role', 'admin_sessions.created_at', 'admin_sessions.last_seen_at'])
    .where('admin_sessions.id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row) return null;
  const createdAt = Number(row.created_at);
  const lastSeenAt = Number(row.last_seen_at);
  if (now - lastSeenAt > timeouts.idleMs || now - createdAt > timeouts.absoluteMs) {
    await deleteSession(db, token);
    return null;
  }
  if (now - lastSeenAt > TOUCH_INTERVAL_MS) {
    await db.updateTable('admin_sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
  }
  return { id: row.id, username: row.username, role: row.role };
}

/** The admin a session token belongs to, even past its timeouts: its logout is still that admin's. */
export async function sessionOwner(db: Db, token: string): Promise<SessionAdmin | null> {
  const row = await db
    .selectFrom('admin_sessions')
    .innerJoin('admins', 'admins.id', 'admin_sessions.admin_id')
    .select(['admins.id as id', 'admins.username as username'])
    .where('admin_sessions.id_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row ?? null;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('id_hash', '=', hashToken(token)).execute();
}

/** Drops sessions past either timeout; run now and then. */
export async function pruneSessions(db: Db, timeouts: SessionTimeouts, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('admin_sessions')
    .where((eb) => eb.or([eb('last_seen_at', '<', now - timeouts.idleMs), eb('created_at', '<', now - timeouts.absoluteMs)]))
    .execute();
}
