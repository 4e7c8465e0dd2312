import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import { listAdmins } from '../../server/services/auth/admins.ts';
import { runAdminCli } from '../helpers/cli.ts';
import { type TestDatabase, createTestDatabase, testDialects } from '../helpers/databases.ts';

const ROLES_MIGRATION = '2026-11-28-022-admin-roles';

describe.each(testDialects)('admin roles in the database on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database?.destroy());

  it('makes every admin from before roles an Owner, and refuses a role outside the three', async () => {
    const { db } = database.handle;
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== ROLES_MIGRATION));
    await migrateToLatest(db, before);
    const now = Date.now();
    const legacy = { password_hash: 'scrypt$x', totp_secret: null, created_at: now, updated_at: now };
    // Written as the table was before migration 022: no role column yet.
    await db.insertInto('admins').values([{ username: 'old-one', ...legacy }, { username: 'old-two', ...legacy }] as never).execute();
    expect(await migrateToLatest(db)).toEqual([ROLES_MIGRATION]);
    expect((await listAdmins(db)).map(({ username, role }) => ({ username, role }))).toEqual([
      { username: 'old-one', role: 'owner' },
      { username: 'old-two', role: 'owner' },
    ]);
    await expect(db.updateTable('admins').set({ role: 'admin' as never }).where('username', '=', 'old-one').execute()).rejects.toThrow();
  });
});

describe('npm run admin --role', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => database?.destroy());

  const run = (args: string[], input = '') => runAdminCli(database.url, args, input);

  it('creates a login with a role, changes it, lists it, and refuses an unknown role', async () => {
    expect(run(['create', 'cli-sales', '--role', 'sales'], 'a long sales password\n')).toMatchObject({ status: 0, stdout: expect.stringContaining('(Sales)') });
    expect(run(['create', 'cli-editor', '--role=bogus'], 'a long editor password\n')).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('--role must be one of owner, editor, sales'),
    });
    expect(run(['set-role', 'cli-sales'])).toMatchObject({ status: 1, stderr: expect.stringContaining('set-role needs --role') });
    expect(run(['set-role', 'cli-sales', '--role', 'editor'])).toMatchObject({ status: 0, stdout: expect.stringContaining('is now Editor') });
    expect(run(['list']).stdout).toMatch(/cli-sales\tEditor\t/);
    const { db } = database.handle;
    expect((await listAdmins(db)).map(({ username, role }) => ({ username, role }))).toEqual([{ username: 'cli-sales', role: 'editor' }]);
    const audit = await db.selectFrom('audit_log').select(['action', 'admin_name']).where('action', 'in', ['admin.create', 'admin.role']).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'admin.create', admin_name: 'cli' },
      { action: 'admin.role', admin_name: 'cli' },
    ]);
  }, 90_000);
});
