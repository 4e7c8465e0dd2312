import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases.ts';
import { expectInvalidInput } from '../helpers/invalid-input.ts';
import { type TestServer, startTestServer } from '../helpers/server.ts';

const contact = {
  firstName: 'John',
  lastName: 'Doe',
  company: 'Permian Gas Processing',
  email: 'john@company.com',
  message: 'We flare about 2 MMcf/d of rich gas. Can you take the NGLs?',
};

const demo = {
  name: 'Jane Roe',
  phone: '+1 (888) 555-0148',
  email: 'jane@producer.example.com',
  company: 'Roe Energy',
  title: 'VP Operations',
  notes: 'Interested in VPV Market for three sites.\nPlease call after 2 pm.',
};

describe.each(testDialects)('the lead API on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // The rate limit has its own tests; here it must not get in the way.
    server = await startTestServer(dialect, { LEADS_RATE_LIMIT: '0' });
  });
  afterAll(async () => server?.close());

  const db = () => server.services.database.db;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
  const postForm = (path: string, fields: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  const countContacts = async () =>
    Number((await db().selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const countDemos = async () =>
    Number((await db().selectFrom('demo_requests').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  describe('POST /api/contact', () => {
    it('stores a valid message before answering 201, trimmed, with status pending', async () => {
      const response = await post('/api/contact', { ...contact, firstName: '  John  ' });
      expect(response.status).toBe(201);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.json()).toEqual({ message: "Thank you for your interest. We'll get back to you soon." });
      // No waiting: the row is committed by the time the response arrives.
      const row = await db().selectFrom('contact_messages').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        first_name: 'John',
        last_name: 'Doe',
        company: contact.company,
        email: contact.email,
        message: contact.message,
        status: 'new',
      });
      expect(Math.abs(Number(row.created_at) - Date.now())).toBeLessThan(60_000);
    });

    it.each(['firstName', 'lastName', 'company', 'email', 'message'] as const)(
      'answers 400 with a field error when %s is missing or blank',
      async (field) => {
        const before = await countContacts();
        for (const body of [{ ...contact, [field]: undefined }, { ...contact, [field]: '   ' }]) {
          const response = await post('/api/contact', body);
          expect(response.status).toBe(400);
          const json = await expectInvalidInput(response, [field]);
          expect(json.message).toBe('Some fields are missing or invalid.');
          expect(json.fieldErrors[field]?.[0]).toMatch(/required/);
        }
        expect(await countContacts()).toBe(before);
      },
    );

    it.each([
      ['a bad e-mail', { email: 'john@company' }, 'email'],
      ['a bad e-mail', { email: 'not an email' }, 'email'],
      ['a first name over 100 characters', { firstName: 'J'.repeat(101) }, 'firstName'],
      ['a company over 200 characters', { company: 'C'.repeat(201) }, 'company'],
      ['a message over 5,000 characters', { message: 'm'.repeat(5001) }, 'message'],
      ['a number instead of a string', { firstName: 42 }, 'firstName'],
      ['an object instead of a string', { message: { text: 'hi' } }, 'message'],
      ['a line break in a name', { lastName: 'Doe\r\nBcc: x@y.z' }, 'lastName'],
    ])('answers 400 for %s', async (_label, change, field) => {
      const response = await post('/api/contact', { ...contact, ...change });
      expect(response.status).toBe(400);
      await expectInvalidInput(response, [field]);
    });

    it('accepts values at the length limits', async () => {
      const response = await post('/api/contact', {
        ...contact,
        firstName: 'J'.repeat(100),
        company: 'C'.repeat(200),
        message: 'm'.repeat(5000),
      });
      expect(response.status).toBe(201);
    });

    it('answers malformed JSON and non-object bodies with 400, never 500', async () => {
      for (const body of ['{"firstName": "John", ', '[1, 2]', '"text"', 'null']) {
        const response = await post('/api/contact', body);
        expect(response.status, body).toBe(400);
        expect((await expectInvalidInput(response, [])).message).toBeTruthy();
      }
    });

    it('answers a wrong content type with 415', async () => {
      for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml']) {
        const response = await post('/api/contact', JSON.stringify(contact), { 'content-type': type });
        expect(response.status, type).toBe(415);
      }
      const noType = await fetch(`${server.url}/api/contact`, { method: 'POST' });
      expect(noType.status).toBe(415);
    });

    it('answers a huge body with 413', async () => {
      const before = await countContacts();
      const response = await post('/api/contact', { ...contact, message: 'x'.repeat(200_000) });
      expect(response.status).toBe(413);
      expect(await countContacts()).toBe(before);
    });

    it('refuses a foreign Origin with 403 and stores nothing', async () => {
      const before = await countContacts();
      const response = await post('/api/contact', contact, { origin: 'https://evil.example' });
      expect(response.status).toBe(403);
      expect(await countContacts()).toBe(before);
    });

    it('gives a filled honeypot the same success and stores nothing', async () => {
      const before = await countContacts();
      const response = await post('/api/contact', { ...contact, website: 'https://spam.example' });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ message: "Thank you for your interest. We'll get back to you soon." });
      expect(await countContacts()).toBe(before);
    });
  });

  describe('POST /api/request-demo', () => {
    it('stores a request before answering 201, with blank optional fields as null', async () => {
      const response = await post('/api/request-demo', demo);
      expect(response.status).toBe(201);
      const row = await db().selectFrom('demo_requests').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ ...demo, status: 'new' });

      const minimal = await post('/api/request-demo', { ...demo, title: '  ', notes: undefined });
      expect(minimal.status).toBe(201);
      const second = await db().selectFrom('demo_requests').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(second.title).toBeNull();
      expect(second.notes).toBeNull();
    });

    it.each(['name', 'phone', 'email', 'company'] as const)('answers 400 when %s is missing', async (field) => {
      const before = await countDemos();
      const response = await post('/api/request-demo', { ...demo, [field]: '' });
      expect(response.status).toBe(400);
      await expectInvalidInput(response, [field]);
      expect(await countDemos()).toBe(before);
    });

    it.each([
      ['letters in the phone', { phone: 'call me maybe' }, 'phone'],
      ['a phone over 40 characters', { phone: '1'.repeat(41) }, 'phone'],
      ['a title over 100 characters', { title: 't'.repeat(101) }, 'title'],
      ['notes over 5,000 characters', { notes: 'n'.repeat(5001) }, 'notes'],
      ['a number for the phone', { phone: 8885550148 }, 'phone'],
      ['a bad e-mail', { email: 'jane@' }, 'email'],
    ])('answers 400 for %s', async (_label, change, field) => {
      const response = await post('/api/request-demo', { ...demo, ...change });
      expect(response.status).toBe(400);
      await expectInvalidInput(response, [field]);
    });

    it('answers malformed JSON with 400, a wrong type with 415 and a huge body with 413', async () => {
      const malformed = await post('/api/request-demo', '{"name":');
      expect(malformed.status).toBe(400);
      await expectInvalidInput(malformed, []);
      expect((await post('/api/request-demo', JSON.stringify(demo), { 'content-type': 'text/plain' })).status).toBe(415);
      expect((await post('/api/request-demo', { ...demo, notes: 'n'.repeat(100_000) })).status).toBe(413);
    });

    it('refuses a foreign Origin with 403', async () => {
      expect((await post('/api/request-demo', demo, { origin: 'https://evil.example' })).status).toBe(403);
    });

    it('gives a filled honeypot a fake success and stores nothing', async () => {
      const before = await countDemos();
      expect((await post('/api/request-demo', { ...demo, website: 'x' })).status).toBe(201);
      expect(await countDemos()).toBe(before);
    });
  });

  describe('bodies that are not JSON', () => {
    // A form posted without JavaScript goes to its page's route action (lead-form-action.test.ts).
    it.each(['/api/contact', '/api/request-demo'])('%s refuses a URL-encoded form with 415 and stores nothing', async (path) => {
      const before = [await countContacts(), await countDemos()];
      const response = await postForm(path, path === '/api/contact' ? contact : demo);
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ message: 'Send the body as application/json.' });
      expect([await countContacts(), await countDemos()]).toEqual(before);
    });
  });
});
