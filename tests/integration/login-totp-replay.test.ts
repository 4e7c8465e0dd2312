import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTotpSecret } from '../../server/services/auth/admins.ts';
import { currentTotp, newTotpSecret } from '../../server/services/auth/totp.ts';
import { testDialects } from '../helpers/databases.ts';
import { type SecondTestServer, type TestServer, startSecondServer, startTestServer } from '../helpers/server.ts';

// RFC 6238 §5.2: a one-time password is accepted once. Whoever saw a code (over a
// shoulder, in a proxy log, through a phishing page) cannot log in with it again, in this
// process or another.
const admin = { username: 'totp-replay-admin', password: 'totp replay password' };

describe.each(testDialects)('TOTP codes are single-use on %s', (dialect) => {
  let server: TestServer;
  let second: SecondTestServer;
  let secret: string;
  beforeAll(async () => {
    const env = { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, TRUST_PROXY: 'loopback' };
    server = await startTestServer(dialect, env);
    second = await startSecondServer(server, env);
    secret = newTotpSecret();
    await setTotpSecret(server.services.database.db, admin.username, secret);
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  let address = 0;
  const login = (url: string, code: string) =>
    fetch(`${url}/api/admin/login`, {
      method: 'POST',
      // A new address each time keeps the per-address throttle out of the way.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.40.${++address}` },
      body: JSON.stringify({ ...admin, code }),
    });

  it('refuses a code already used, here and in another process, and a code older than the last one used', async () => {
    const now = Date.now();
    const code = currentTotp(secret, admin.username, now);
    expect((await login(server.url, code)).status).toBe(200);

    for (const url of [server.url, second.url]) {
      const replay = await login(url, code);
      expect(replay.status).toBe(401);
      expect(replay.headers.get('set-cookie')).toBeNull();
      expect(await replay.json()).toMatchObject({ codeRequired: true, message: expect.stringMatching(/already used/) });
    }

    // The previous step's code is still inside the accepted clock drift, but a later code
    // was used already, so it may be an observed one: refused too.
    const previous = currentTotp(secret, admin.username, now - 30_000);
    if (previous !== code) expect((await login(second.url, previous)).status).toBe(401);
  });

  it('accepts the next time step’s code once', async () => {
    const next = currentTotp(secret, admin.username, Date.now() + 30_000);
    const [first, again] = await Promise.all([login(server.url, next), login(second.url, next)]);
    // Two processes racing with the same code: exactly one wins.
    expect([first.status, again.status].sort()).toEqual([200, 401]);
  });
});
