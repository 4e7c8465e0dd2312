import { type ChildProcess, spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import net from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAdmins } from '../../server/services/auth/admins.ts';
import { AuthService } from '../../server/services/auth/auth-service.ts';
import { verifyPassword } from '../../server/services/auth/password.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { runAdminCli } from '../helpers/cli.ts';
import { type TestDatabase, createTestDatabase, testDialects } from '../helpers/databases.ts';
import { startTestServer } from '../helpers/server.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const timeouts = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };

function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('the admin session cookie on https', () => {
  it('is Secure and carries the __Host- prefix when SITE_URL is https', async () => {
    const server = await startTestServer('sqlite', {
      SITE_URL: 'https://www.vpv.example',
      ADMIN_USERNAME: 'secure-admin',
      ADMIN_PASSWORD: 'secure admin password',
    });
    try {
      const response = await fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://www.vpv.example' },
        body: JSON.stringify({ username: 'secure-admin', password: 'secure admin password' }),
      });
      expect(response.status).toBe(200);
      const cookie = response.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^__Host-vpv_admin=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$/);
    } finally {
      await server.close();
    }
  });
});

describe.each(testDialects)('admin accounts at start on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.handle.db);
  });
  afterAll(async () => database?.destroy());

  it('creates the ADMIN_USERNAME admin, then updates its password when ADMIN_PASSWORD changes', async () => {
    const { db } = database.handle;
    const { logger, lines } = capturingLogger();
    const auth = new AuthService(db, logger, { timeouts, secureCookie: false });
    await auth.bootstrap({ adminUsername: 'Deploy-Admin', adminPassword: 'first deploy password', dialect });
    let admins = await listAdmins(db);
    expect(admins.map((row) => row.username)).toContain('deploy-admin');

    await auth.bootstrap({ adminUsername: 'deploy-admin', adminPassword: 'second deploy password', dialect });
    admins = await listAdmins(db);
    expect(admins.filter((row) => row.username === 'deploy-admin')).toHaveLength(1);
    const row = await db.selectFrom('admins').select('password_hash').where('username', '=', 'deploy-admin').executeTakeFirstOrThrow();
    expect(await verifyPassword('second deploy password', row.password_hash)).toBe(true);
    expect(lines.join('')).not.toContain('deploy password');
  });
});

describe('the first start on the embedded default', () => {
  it('creates admin with a random password, logs it once, and not again', async () => {
    const database = await createTestDatabase('sqlite');
    try {
      await migrateToLatest(database.handle.db);
      const { logger, lines } = capturingLogger();
      const auth = new AuthService(database.handle.db, logger, { timeouts, secureCookie: false });
      const config = { adminUsername: null, adminPassword: null, dialect: 'sqlite' as const };
      await auth.bootstrap(config);
      const logged = lines.map((line) => JSON.parse(line) as { oneTimePassword?: string; username?: string });
      const entry = logged.find((line) => line.oneTimePassword);
      expect(entry?.username).toBe('admin');
      const row = await database.handle.db.selectFrom('admins').select('password_hash').where('username', '=', 'admin').executeTakeFirstOrThrow();
      expect(await verifyPassword(entry?.oneTimePassword ?? '', row.password_hash)).toBe(true);

      lines.length = 0;
      await auth.bootstrap(config);
      expect(lines.join('')).not.toContain('oneTimePassword');
    } finally {
      await database.destroy();
    }
  });
});

describe('npm run admin', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => database?.destroy());

  const run = (args: string[], input = '') => runAdminCli(database.url, args, input);

  it('creates, lists, sets a password, enrols TOTP and deletes, reading passwords from stdin', async () => {
    expect(run(['create', 'cli-admin'], 'too short\n')).toMatchObject({ status: 1, stderr: expect.stringContaining('at least 12 characters') });
    expect(run(['create', 'cli-admin'], 'a long cli password\n')).toMatchObject({ status: 0 });
    expect(run(['create', 'cli-admin'], 'a long cli password\n')).toMatchObject({ status: 1, stderr: expect.stringContaining('already exists') });
    expect(run(['list']).stdout).toContain('cli-admin');
    expect(run(['set-password', 'cli-admin'], 'another long password\n').status).toBe(0);
    const row = await database.handle.db.selectFrom('admins').select('password_hash').where('username', '=', 'cli-admin').executeTakeFirstOrThrow();
    expect(await verifyPassword('another long password', row.password_hash)).toBe(true);
    expect(run(['totp', 'enable', 'cli-admin']).stdout).toMatch(/otpauth:\/\/totp\/.*secret=[A-Z2-7]+/);
    expect(run(['list']).stdout).toMatch(/cli-admin.*TOTP on/);
    expect(run(['delete', 'cli-admin']).status).toBe(0);
    expect(run(['delete', 'cli-admin'])).toMatchObject({ status: 1, stderr: expect.stringContaining('No admin') });
    expect(run(['frobnicate']).status).toBe(2);
    // Ten CLI processes, each starting tsx and most hashing with scrypt: ~18 s on a quiet
    // 2-core machine, and CI saw 26 s on a busy one.
  }, 90_000);
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become ready');
}

describe.each(testDialects)('two server processes sharing one %s database', (dialect) => {
  let database: TestDatabase;
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        cwd: root,
        stdio: 'ignore',
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: database.url,
          DATA_DIR: database.dataDir,
          LOG_LEVEL: 'silent',
          ADMIN_USERNAME: 'shared-admin',
          ADMIN_PASSWORD: 'shared admin password',
        },
      });
      children.push(child);
      urls.push(`http://127.0.0.1:${port}`);
      // Start one after the other: both migrate and bootstrap the same database.
      await waitUntilReady(`http://127.0.0.1:${port}`, child);
    }
  }, 60_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))));
    await database?.destroy();
  });

  const login = (url: string, password: string) =>
    fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'shared-admin', password }),
    });

  it('see the same sessions: a login on one is honoured and ended on the other', async () => {
    const [first, second] = urls as [string, string];
    const response = await login(first, 'shared admin password');
    expect(response.status).toBe(200);
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const checkOn = async (url: string) =>
      ((await (await fetch(`${url}/api/admin/check`, { headers: { cookie } })).json()) as { isAuthenticated: boolean }).isAuthenticated;
    expect(await checkOn(second)).toBe(true);
    await fetch(`${second}/api/admin/logout`, { method: 'POST', headers: { cookie } });
    expect(await checkOn(first)).toBe(false);
  });

  it('see the same throttling: failures on one block logins on the other', async () => {
    const [first, second] = urls as [string, string];
    // One address and username get 5 attempts in 15 minutes (docs/decisions/011-login-throttling.md).
    for (let i = 0; i < 5; i++) {
      const target = i % 2 === 0 ? first : second;
      expect((await login(target, `wrong password ${i}`)).status).toBe(401);
    }
    expect((await login(second, 'shared admin password')).status).toBe(429);
    expect((await login(first, 'shared admin password')).status).toBe(429);
  });
});
