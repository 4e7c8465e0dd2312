import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { DEFAULT_THROTTLE, admitAttempt } from '../../server/services/auth/login-throttle.ts';
import { type TestDatabase, createTestDatabase, testDialects } from '../helpers/databases.ts';
import { type SecondTestServer, type TestServer, startSecondServer, startTestServer } from '../helpers/server.ts';

// Login throttling (docs/decisions/011-login-throttling.md): attempts are counted before
// the password is hashed, so concurrent guesses cannot outrun the count, in one process or
// several; a username is slowed down, never locked; hashing waits in a small bounded queue.
// Each scrypt costs ~0.35 s of CPU, so the tests keep the checked attempts few.
const admin = { username: 'throttle-admin', password: 'the right password' };
// Bursts wait on real hashes, which a busy machine makes slow.
const burstTimeout = 90_000;

// Every test uses addresses of its own (RFC 2544 benchmarking range, only ever an
// X-Forwarded-For value on loopback), so the per-address counts do not mix between tests.
let block = 0;
const addresses = () => {
  const prefix = `198.19.${++block}`;
  return (i: number) => `${prefix}.${i + 1}`;
};

describe.each(testDialects)('login throttling under concurrency on %s', (dialect) => {
  let server: TestServer;
  let second: SecondTestServer;
  beforeAll(async () => {
    const env = { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, TRUST_PROXY: 'loopback' };
    server = await startTestServer(dialect, env);
    second = await startSecondServer(server, env);
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  const attempt = (url: string, credentials: { username: string; password: string }, ip: string) =>
    fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(credentials),
    }).then(async (response) => ({ status: response.status, retryAfter: response.headers.get('retry-after'), text: await response.text() }));

  const count = (results: Array<{ status: number }>, status: number) => results.filter((result) => result.status === status).length;

  it(
    'a burst of 200 concurrent guesses from one address, split across two processes: 10 are checked, 190 get 429',
    async () => {
      const ip = addresses()(0);
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          attempt(i % 2 ? second.url : server.url, { username: `burst-user-${i}`, password: 'a wrong password' }, ip),
        ),
      );
      expect(count(results, 401)).toBe(10);
      expect(count(results, 429)).toBe(190);
      const refused = results.find((result) => result.status === 429);
      expect(refused?.text).toBe('Too many failed logins. Try again in 15 minutes.');
      expect(Number(refused?.retryAfter)).toBeGreaterThan(14 * 60);
    },
    burstTimeout,
  );

  it(
    'ten wrong passwords from ten addresses do not lock the admin out; later guesses are slowed down, not refused for good',
    async () => {
      const ip = addresses();
      for (let i = 0; i < 10; i++) {
        expect((await attempt(server.url, { username: admin.username, password: `wrong password ${i}` }, ip(i))).status).toBe(401);
      }
      expect((await attempt(second.url, admin, ip(10))).status).toBe(200);

      // Past the free attempts, one guess at a time with a growing pause between them,
      // whatever the address or process: a concurrent burst from 20 new addresses is mostly refused.
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          attempt(i % 2 ? second.url : server.url, { username: admin.username, password: 'a wrong password' }, ip(20 + i)),
        ),
      );
      expect(count(burst, 401) + count(burst, 429)).toBe(20);
      expect(count(burst, 429)).toBeGreaterThanOrEqual(15);
      const slowed = burst.find((result) => result.status === 429);
      expect(slowed?.text).toMatch(/^Too many failed logins for this username\. Try again in \d+ seconds?\.$/);
      expect(Number(slowed?.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(slowed?.retryAfter)).toBeLessThanOrEqual(60);

      // The right password from yet another address gets in once the pause it is told about has passed.
      let result = await attempt(server.url, admin, ip(50));
      for (let retry = 0; result.status === 429 && retry < 3; retry++) {
        await new Promise((resolve) => setTimeout(resolve, Number(result.retryAfter) * 1000));
        result = await attempt(server.url, admin, ip(51 + retry));
      }
      expect(result.status).toBe(200);
    },
    burstTimeout,
  );

  it(
    'answers 503 with a message instead of piling up hashes when a burst fills the hashing queue',
    async () => {
      const ip = addresses();
      // Each from its own address and for its own username: no throttle refuses them, so
      // only the bound on concurrent hashing (1 or 2 running, 10 waiting) protects the server.
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => attempt(server.url, { username: `queue-user-${i}`, password: 'a wrong password' }, ip(i))),
      );
      expect(count(results, 401) + count(results, 503)).toBe(50);
      const busy = results.find((result) => result.status === 503);
      expect(busy?.text).toMatch(/^Too many logins at once\. Try again in \d+ seconds\.$/);
      expect(Number(busy?.retryAfter)).toBeGreaterThanOrEqual(1);
      // A refused attempt was never checked, so it cost its address and username nothing.
      const refusedIndex = results.findIndex((result) => result.status === 503);
      const rows = await server.services.database.db
        .selectFrom('rate_limits')
        .select(['key', 'hits'])
        .where('key', 'in', [`login:ip:${ip(refusedIndex)}`, `login:user:queue-user-${refusedIndex}`])
        .execute();
      expect(rows.map((row) => Number(row.hits))).toEqual([0, 0]);
    },
    burstTimeout,
  );
});

describe.each(testDialects)('the wait a refused login is told, on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.handle.db);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('is never longer than the block, even for an attempt that read the clock before the one that restarted it', async () => {
    // Concurrent requests read the clock when they arrive and reach the counter in another
    // order: the attempt that fills the address's count at t + 5 s restarts its period there,
    // and one that arrived at t is refused by it. CI once saw "Try again in 16 minutes".
    const t = 1_800_000_000_000;
    const source = (i: number) => ({ ip: '198.19.250.1', username: `clock-user-${i}` });
    for (let i = 0; i < DEFAULT_THROTTLE.addressLimit; i++) {
      expect(await admitAttempt(database.handle.db, source(i), DEFAULT_THROTTLE, t + 5_000)).toEqual({ admitted: true });
    }
    const refused = await admitAttempt(database.handle.db, source(99), DEFAULT_THROTTLE, t);
    expect(refused).toEqual({ admitted: false, scope: 'address', retryAfterSeconds: DEFAULT_THROTTLE.periodMs / 1000 });
  });
});
