import { AUDIT_CLI_NAME } from '@domain/audit.ts';
import type { Role } from '@domain/permissions.ts';
import type { Db } from '../../db/connection.ts';
import type { AdminRow } from '../../db/tables/admin.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import { checkPasswordPolicy, hashPassword } from './password.ts';

/**
 * Admin accounts: query functions take `db` first. Usernames are stored lower-case. Every
 * change is audited in its own transaction (docs/trash-and-audit.md) as `actor`: the admin
 * CLI (`cli`, the default) or the server's start (`system`, from ADMIN_USERNAME).
 */
export const CLI_ACTOR: AuditActor = { id: null, username: AUDIT_CLI_NAME };
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]{1,63}$/;

export class AdminError extends Error {
  override name = 'AdminError';
}

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

function checkUsername(username: string): string {
  const normalized = normalizeUsername(username);
  if (!USERNAME_PATTERN.test(normalized)) {
    throw new AdminError('Usernames have 2-64 characters: letters, digits and . _ @ - (starting with a letter or digit).');
  }
  return normalized;
}

export function findAdminByUsername(db: Db, username: string): Promise<AdminRow | undefined> {
  return db.selectFrom('admins').selectAll().where('username', '=', normalizeUsername(username)).executeTakeFirst();
}

export async function listAdmins(db: Db): Promise<Array<Pick<AdminRow, 'id' | 'username' | 'role' | 'created_at'> & { totp: boolean }>> {
  const rows = await db.selectFrom('admins').select(['id', 'username', 'role', 'created_at', 'totp_secret']).orderBy('username').execute();
  return rows.map(({ totp_secret, ...row }) => ({ ...row, totp: totp_secret !== null }));
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db.selectFrom('admins').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface NewAdminOptions {
  /** Owner unless said otherwise: before roles every admin could do everything. */
  role?: Role;
  actor?: AuditActor;
  now?: number;
}

export async function createAdmin(db: Db, username: string, password: string, { role = 'owner', actor = CLI_ACTOR, now = Date.now() }: NewAdminOptions = {}): Promise<AdminRow> {
  const normalized = checkUsername(username);
  checkPasswordPolicy(password);
  if (await findAdminByUsername(db, normalized)) throw new AdminError(`Admin "${normalized}" already exists.`);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const admin = await trx
      .insertInto('admins')
      .values({ username: normalized, password_hash: passwordHash, totp_secret: null, role, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { actor, action: 'admin.create', kind: 'admin', entityId: admin.id, summary: admin.username, after: { username: admin.username, role: admin.role }, at: now });
    return admin;
  });
}

/** Sets a new password and ends every session of that admin. */
export async function setAdminPassword(db: Db, username: string, password: string, actor: AuditActor = CLI_ACTOR, now = Date.now()): Promise<void> {
  checkPasswordPolicy(password);
  const admin = await findAdminByUsername(db, username);
  if (!admin) throw new AdminError(`No admin "${normalizeUsername(username)}".`);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admins').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', admin.id).execute();
    await trx.deleteFrom('admin_sessions').where('admin_id', '=', admin.id).execute();
    // Which admin and that the password changed; never the hash.
    await recordAudit(trx, { actor, action: 'admin.password', kind: 'admin', entityId: admin.id, summary: admin.username, after: { sessionsEnded: true }, at: now });
  });
}

/** Gives an admin another role; their sessions stay and hold the new role from their next request. */
export async function setAdminRole(db: Db, username: string, role: Role, actor: AuditActor = CLI_ACTOR, now = Date.now()): Promise<boolean> {
  const admin = await findAdminByUsername(db, username);
  if (!admin) throw new AdminError(`No admin "${normalizeUsername(username)}".`);
  if (admin.role === role) return false;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admins').set({ role, updated_at: now }).where('id', '=', admin.id).execute();
    await recordAudit(trx, { actor, action: 'admin.role', kind: 'admin', entityId: admin.id, summary: admin.username, before: { role: admin.role }, after: { role }, at: now });
  });
  return true;
}

/** Replaces a hash in place (an upgrade at login); sessions stay. */
export async function replacePasswordHash(db: Db, adminId: number, passwordHash: string, now = Date.now()): Promise<void> {
  await db.updateTable('admins').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', adminId).execute();
}

export async function deleteAdmin(db: Db, username: string, actor: AuditActor = CLI_ACTOR): Promise<boolean> {
  const admin = await findAdminByUsername(db, username);
  if (!admin) return false;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('admin_sessions').where('admin_id', '=', admin.id).execute();
    await trx.deleteFrom('admins').where('id', '=', admin.id).execute();
    await recordAudit(trx, { actor, action: 'admin.delete', kind: 'admin', entityId: admin.id, summary: admin.username, before: { username: admin.username } });
  });
  return true;
}

/** Turns TOTP on (a secret) or off (null); the audit row says which, never the secret. */
export async function setTotpSecret(db: Db, username: string, secret: string | null, actor: AuditActor = CLI_ACTOR, now = Date.now()): Promise<void> {
  const admin = await findAdminByUsername(db, username);
  if (!admin) throw new AdminError(`No admin "${normalizeUsername(username)}".`);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admins').set({ totp_secret: secret, updated_at: now }).where('id', '=', admin.id).execute();
    await recordAudit(trx, {
      actor,
      action: secret ? 'admin.totp_enable' : 'admin.totp_disable',
      kind: 'admin',
      entityId: admin.id,
      summary: admin.username,
      before: { totp: admin.totp_secret !== null },
      after: { totp: secret !== null },
      at: now,
    });
  });
}
