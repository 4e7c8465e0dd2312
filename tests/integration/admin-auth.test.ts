import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/services/auth/tokens.ts';
import { createAdmin, findAdminByUsername, setTotpSecret } from '../../server/services/auth/admins.ts';
import { hashPassword } from '../../server/services/auth/password.ts';
import { currentTotp, newTotpSecret } from '../../server/services/auth/totp.ts';
import { testDialects } from '../helpers/databases.ts';
import { expectInvalidInput } from '../helpers/invalid-input.ts';
import { type TestServer, startTestServer } from '../helpers/server.ts';

const admin = { username: 'ops-admin', password: 'correct horse battery' };

describe.each(testDialects)('admin login and sessions on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
  });
  afterAll(async () => server?.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const check = (cookie?: string) =>
    fetch(`${server.url}/api/admin/check`, { headers: cookie ? { cookie } : {} }).then(
      (response) => response.json() as Promise<{ isAuthenticated: boolean; username: string | null }>,
    );
  const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  // All of this block's failures come from one address and stay below the throttle's 10.
  const login = (credentials = admin, extra: Record<string, string> = {}) => post('/api/admin/login', credentials, extra);

  it('logs in with the right password: 200 {username} and an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await login();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ username: admin.username });
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^vpv_admin=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');
    expect(await check(cookieOf(response))).toEqual({ isAuthenticated: true, username: admin.username });
  });

  it('stores only a hash of the 256-bit session id', async () => {
    const token = cookieOf(await login()).split('=')[1] ?? '';
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await server.services.database.db.selectFrom('admin_sessions').select('id_hash').execute();
    expect(rows.map((row) => row.id_hash)).toContain(hashToken(token));
    expect(rows.map((row) => row.id_hash)).not.toContain(token);
  });

  it('answers a wrong username and a wrong password alike: 401 Invalid username or password', async () => {
    for (const credentials of [
      { username: 'nobody-here', password: admin.password },
      { username: admin.username, password: 'not the password at all' },
    ]) {
      const response = await login(credentials);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toBe('Invalid username or password');
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it.each([
    [{}, 400],
    [{ username: 'x' }, 400],
    [{ username: 42, password: ['a'] }, 400],
    ['{"username": "x", "password": ', 400],
    [{ username: 'x', password: 'y'.repeat(5000) }, 413],
  ])('refuses a bad login body %# with %i', async (body, status) => {
    const response = await login(body as typeof admin);
    expect(response.status).toBe(status);
    if (status === 400) await expectInvalidInput(response);
  });

  it('reports who is logged in, and nobody without a cookie or with a forged one', async () => {
    expect(await check()).toEqual({ isAuthenticated: false, username: null });
    expect(await check('vpv_admin=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toEqual({
      isAuthenticated: false,
      username: null,
    });
  });

  it('ends the session at logout and clears the cookie', async () => {
    const cookie = cookieOf(await login());
    const logout = await post('/api/admin/logout', {}, { cookie });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/^vpv_admin=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    expect(await check(cookie)).toEqual({ isAuthenticated: false, username: null });
  });

  it('rotates the session at login: the previous session id stops working', async () => {
    const first = cookieOf(await login());
    const second = cookieOf(await login(admin, { cookie: first }));
    expect(second).not.toBe(first);
    expect((await check(first)).isAuthenticated).toBe(false);
    expect((await check(second)).isAuthenticated).toBe(true);
  });

  it('expires a session idle for more than 30 minutes, and any session older than 12 hours', async () => {
    const { db } = server.services.database;
    const idle = cookieOf(await login());
    await db.updateTable('admin_sessions').set({ last_seen_at: Date.now() - 31 * 60_000 }).where('id_hash', '=', hashToken(idle.split('=')[1] ?? '')).execute();
    expect((await check(idle)).isAuthenticated).toBe(false);

    const old = cookieOf(await login());
    await db.updateTable('admin_sessions').set({ created_at: Date.now() - 12 * 3_600_000 - 1000 }).where('id_hash', '=', hashToken(old.split('=')[1] ?? '')).execute();
    expect((await check(old)).isAuthenticated).toBe(false);

    const fresh = cookieOf(await login());
    await db.updateTable('admin_sessions').set({ last_seen_at: Date.now() - 29 * 60_000 }).where('id_hash', '=', hashToken(fresh.split('=')[1] ?? '')).execute();
    expect((await check(fresh)).isAuthenticated).toBe(true);
  });

  it('upgrades a hash made with older parameters at the next login', async () => {
    const { db } = server.services.database;
    const weak = await hashPassword('an older weaker hash!', { N: 2 ** 14, r: 8, p: 1 });
    const created = await createAdmin(db, 'legacy-admin', 'temporary password 1');
    await db.updateTable('admins').set({ password_hash: weak }).where('id', '=', created.id).execute();
    expect((await login({ username: 'legacy-admin', password: 'an older weaker hash!' })).status).toBe(200);
    const upgraded = await findAdminByUsername(db, 'legacy-admin');
    expect(upgraded?.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await login({ username: 'legacy-admin', password: 'an older weaker hash!' })).status).toBe(200);
  });

  it('asks enrolled admins for a valid 6-digit TOTP code', async () => {
    const { db } = server.services.database;
    await createAdmin(db, 'totp-admin', 'totp admin password');
    const secret = newTotpSecret();
    await setTotpSecret(db, 'totp-admin', secret);
    const credentials = { username: 'totp-admin', password: 'totp admin password' };

    const noCode = await login(credentials);
    expect(noCode.status).toBe(401);
    expect(await noCode.json()).toMatchObject({ codeRequired: true });
    // A wrong password never reveals that a code would be asked for.
    const wrongPassword = await login({ ...credentials, password: 'wrong password here' });
    expect(await wrongPassword.text()).toBe('Invalid username or password');

    const wrongCode = await post('/api/admin/login', { ...credentials, code: '000000' === currentTotp(secret, 'totp-admin') ? '111111' : '000000' });
    expect(wrongCode.status).toBe(401);
    expect(await wrongCode.json()).toMatchObject({ message: 'Invalid verification code' });

    const ok = await login({ ...credentials, code: currentTotp(secret, 'totp-admin') } as typeof admin);
    expect(ok.status).toBe(200);
  });

  it('refuses a state-changing request from a foreign origin with 403', async () => {
    expect((await login(admin, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await login(admin, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await login(admin, { origin: server.url, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('sends Cache-Control: private, no-store on pages requested with an admin session', async () => {
    const cookie = cookieOf(await login());
    const page = await fetch(`${server.url}/knowledge-base`, { headers: { cookie } });
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('set-cookie')).toBeNull();
  });
});

describe.each(testDialects)('login throttling on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      TRUST_PROXY: 'loopback',
    });
  });
  afterAll(async () => server?.close());

  // A dozen real scrypt hashes one after another: ~5 s on a quiet machine, over 20 s on a busy one.
  const hashingTimeout = 90_000;
  const attempt = (credentials: { username: string; password: string }, ip: string) =>
    fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(credentials),
    });

  it('blocks an address and username pair for 15 minutes after 5 failures; the right password from elsewhere still logs in', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await attempt({ username: admin.username, password: `wrong password ${i}` }, '192.0.2.1')).status).toBe(401);
    }
    const blocked = await attempt(admin, '192.0.2.1');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(await blocked.text()).toBe('Too many failed logins. Try again in 15 minutes.');
    // No lock on the username itself (docs/decisions/011-login-throttling.md).
    expect((await attempt(admin, '192.0.2.2')).status).toBe(200);
  }, hashingTimeout);

  it('blocks an address after 10 failures across usernames', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await attempt({ username: `guess-${i}`, password: 'some password x' }, '198.51.100.7')).status).toBe(401);
    }
    expect((await attempt({ username: 'another-guess', password: 'some password x' }, '198.51.100.7')).status).toBe(429);
    expect((await attempt({ username: 'another-guess', password: 'some password x' }, '198.51.100.8')).status).toBe(401);
  }, hashingTimeout);
});
