import type { Db } from '../../db/connection.ts';
import type { AdminRow } from '../../db/tables/admin.ts';
import { checkPasswordPolicy, hashPassword } from './password.ts';

/** Admin accounts: query functions take `db` first. Usernames are stored lower-case. */
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

export async function listAdmins(db: Db): Promise<Array<Pick<AdminRow, 'id' | 'username' | 'created_at'> & { totp: boolean }>> {
  const rows = await db.selectFrom('admins').select(['id', 'username', 'created_at', 'totp_secret']).orderBy('username').execute();
  return rows.map(({ totp_secret, ...row }) => ({ ...row, totp: totp_secret !== null }));
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db.selectFrom('admins').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function createAdmin(db: Db, username: string, password: string, now = Date.now()): Promise<AdminRow> {
  const normalized = checkUsername(username);
  checkPasswordPolicy(password);
  if (await findAdminByUsername(db, normalized)) throw new AdminError(`Admin "${normalized}" already exists.`);
  const passwordHash = await hashPassword(password);
  return db
    .insertInto('admins')
    .values({ username: normalized, password_hash: passwordHash, totp_secret: null, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets a new password and ends every session of that admin. */
export async function setAdminPassword(db: Db, username: string, password: string, now = Date.now()): Promise<void> {
  checkPasswordPolicy(password);
  const admin = await findAdminByUsername(db, username);
  if (!admin) throw new AdminError(`No admin "${normalizeUsername(username)}".`);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admins').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', admin.id).execute();
    await trx.deleteFrom('admin_sessions').where('admin_id', '=', admin.id).execute();
  });
}

/** Replaces a hash in place (an upgrade at login); sessions stay. */
export async function replacePasswordHash(db: Db, adminId: number, passwordHash: string, now = Date.now()): Promise<void> {
  await db.updateTable('admins').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', adminId).execute();
}

export async function deleteAdmin(db: Db, username: string): Promise<boolean> {
  const admin = await findAdminByUsername(db, username);
  if (!admin) return false;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('admin_sessions').where('admin_id', '=', admin.id).execute();
    await trx.deleteFrom('admins').where('id', '=', admin.id).execute();
  });
  return true;
}

export async function setTotpSecret(db: Db, username: string, secret: string | null, now = Date.now()): Promise<void> {
  const admin = await findAdminByUsername(db, username);
  if (!admin) throw new AdminError(`No admin "${normalizeUsername(username)}".`);
  await db.updateTable('admins').set({ totp_secret: secret, updated_at: now }).where('id', '=', admin.id).execute();
}
