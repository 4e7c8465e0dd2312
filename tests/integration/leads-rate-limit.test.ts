import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases.ts';
import { type SecondTestServer, type TestServer, startSecondServer, startTestServer } from '../helpers/server.ts';

const contact = {
  firstName: 'John',
  lastName: 'Doe',
  company: 'Permian Gas Processing',
  email: 'john@company.com',
  message: 'Please call me about NGL takeaway.',
};

/** The limiter counts in fixed one-minute windows; do not start a burst just before one ends. */
async function awayFromWindowEdge() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

let nextAddress = 1;
/** A fresh client address for each test, so tests do not share a budget. */
const freshIp = () => `203.0.113.${nextAddress++}`;

function post(baseUrl: string, headers: Record<string, string> = {}, body: unknown = contact) {
  return fetch(`${baseUrl}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
}

describe.each(testDialects)('the lead rate limit on %s', (dialect) => {
  describe('behind a trusted proxy (TRUST_PROXY=loopback), LEADS_RATE_LIMIT=3', () => {
    let first: TestServer;
    let second: SecondTestServer;
    const env = { LEADS_RATE_LIMIT: '3', TRUST_PROXY: 'loopback' };
    beforeAll(async () => {
      first = await startTestServer(dialect, env);
      second = await startSecondServer(first, env);
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });
    beforeEach(awayFromWindowEdge);

    it('answers the 4th post in a minute from one client with 429, a message and Retry-After', async () => {
      const ip = { 'x-forwarded-for': freshIp() };
      for (let i = 0; i < 3; i++) expect((await post(first.url, ip)).status).toBe(201);
      const limited = await post(first.url, ip);
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(((await limited.json()) as { message: string }).message).toMatch(/try again/i);
      // Demo requests draw on the same budget.
      const demo = await fetch(`${first.url}/api/request-demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...ip },
        body: JSON.stringify({ name: 'Jane', phone: '888 555 0148', email: 'jane@roe.example.com', company: 'Roe' }),
      });
      expect(demo.status).toBe(429);
    });

    it('does not store a limited post', async () => {
      const ip = { 'x-forwarded-for': freshIp() };
      const marker = { ...contact, message: `rate-limit marker ${ip['x-forwarded-for']}` };
      for (let i = 0; i < 4; i++) await post(first.url, ip, marker);
      const rows = await first.services.database.db
        .selectFrom('contact_messages')
        .select('id')
        .where('message', '=', marker.message)
        .execute();
      expect(rows).toHaveLength(3);
    });

    it('answers a limited form posted without JavaScript with 429, its page, a notice and the values', async () => {
      const ip = { 'x-forwarded-for': freshIp() };
      for (let i = 0; i < 3; i++) await post(first.url, ip);
      const response = await fetch(`${first.url}/?index`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...ip },
        body: new URLSearchParams({ ...contact, leadForm: 'contact' }).toString(),
        redirect: 'manual',
      });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      const html = await response.text();
      expect(html).toContain('Too many messages');
      expect(html).toContain('value="John"');
    });

    it('gives each forwarded client address its own budget', async () => {
      const a = { 'x-forwarded-for': freshIp() };
      const b = { 'x-forwarded-for': freshIp() };
      for (let i = 0; i < 3; i++) expect((await post(first.url, a)).status).toBe(201);
      expect((await post(first.url, a)).status).toBe(429);
      expect((await post(first.url, b)).status).toBe(201);
    });

    it('shares one budget across two app processes on the same database', async () => {
      const ip = { 'x-forwarded-for': freshIp() };
      expect((await post(first.url, ip)).status).toBe(201);
      expect((await post(second.url, ip)).status).toBe(201);
      expect((await post(first.url, ip)).status).toBe(201);
      expect((await post(second.url, ip)).status).toBe(429);
      expect((await post(first.url, ip)).status).toBe(429);
    });
  });

  describe('without TRUST_PROXY, LEADS_RATE_LIMIT=2', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { LEADS_RATE_LIMIT: '2' });
    });
    afterAll(async () => server?.close());
    beforeEach(awayFromWindowEdge);

    it('ignores X-Forwarded-For: a client cannot buy a fresh budget by forging it', async () => {
      expect((await post(server.url, { 'x-forwarded-for': freshIp() })).status).toBe(201);
      expect((await post(server.url, { 'x-forwarded-for': freshIp() })).status).toBe(201);
      expect((await post(server.url, { 'x-forwarded-for': freshIp() })).status).toBe(429);
    });
  });

  describe('with LEADS_RATE_LIMIT=0', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { LEADS_RATE_LIMIT: '0' });
    });
    afterAll(async () => server?.close());

    it('never limits', async () => {
      for (let i = 0; i < 8; i++) expect((await post(server.url)).status).toBe(201);
    });
  });
});
