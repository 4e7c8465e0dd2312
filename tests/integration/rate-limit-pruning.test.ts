import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialects } from '../helpers/databases.ts';
import { type TestServer, startSecondServer, startTestServer } from '../helpers/server.ts';

// Every lead and every login attempt from a new address adds rate_limits rows; each process
// deletes the expired ones right after it starts and every ten minutes after that.
describe.each(testDialects)('expired rate-limit rows on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const keys = async () =>
    (await server.services.database.db.selectFrom('rate_limits').select('key').orderBy('key').execute()).map((row) => row.key);

  it('are deleted by a process in the background, and the live ones stay', async () => {
    const now = Date.now();
    // A live window, counted through the API as any visitor's.
    const lead = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
      body: JSON.stringify({ firstName: 'Ann', lastName: 'Lee', company: 'Lee Gas', email: 'ann@lee.example.com', message: 'Hello.' }),
    });
    expect(lead.status).toBe(201);
    const [live] = await keys();
    expect(live).toContain('203.0.113.77');
    // Windows that ended long ago: a lead limit's and a login counter's.
    await server.services.database.db
      .insertInto('rate_limits')
      .values([
        { key: 'contact:198.51.100.1', window_start: now - 3_600_000, hits: 2, expires_at: now - 3_540_000 },
        { key: 'login:ip:198.51.100.2', window_start: 0, hits: 4, expires_at: now - 1 },
      ])
      .execute();
    expect(await keys()).toHaveLength(3);

    // Another process on the same database starts, as after a deploy, and prunes at once.
    const second = await startSecondServer(server, { TRUST_PROXY: 'loopback' });
    try {
      await vi.waitFor(async () => expect(await keys()).toEqual([live]), { timeout: 10_000, interval: 50 });
    } finally {
      await second.close();
    }
  });
});
