import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases.ts';
import { type TestServer, startTestServer } from '../helpers/server.ts';

/*
 * The lead forms posted without JavaScript (docs/leads.md): the page's route action answers
 * with the values and the field errors, or redirects on success, and nothing the visitor
 * typed reaches a URL or the access log.
 */

const contact = {
  firstName: 'Zebulon',
  lastName: 'Quaxford',
  company: 'Quaxford Midstream',
  email: 'zebulon@quaxford',
  message: 'Rich gas at two pads, call me',
};

const demo = {
  name: 'Jane Roe',
  phone: 'call me maybe',
  email: 'jane@roe.example.com',
  company: 'Roe Gas',
  title: '',
  notes: 'Three sites in the Delaware Basin',
};

/** What the visitor typed, as it would show in a URL or a log line, in any of its encodings. */
function spellings(values: Record<string, string>): string[] {
  return Object.values(values)
    .filter((value) => value.length > 3)
    .flatMap((value) => [value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)]);
}

describe.each(testDialects)('lead forms posted without JavaScript on %s', (dialect) => {
  let server: TestServer;
  const log: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect, { LEADS_RATE_LIMIT: '0', ACCESS_LOG: 'true', LOG_LEVEL: 'info' }, log);
  });
  afterAll(async () => server?.close());

  const db = () => server.services.database.db;
  const count = async (table: 'contact_messages' | 'demo_requests') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const postPage = (target: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${target}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...headers },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  const accessLines = () => log.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.log === 'access');

  it('answers an invalid contact post with its page: 400, the messages and the values, nothing stored, nothing typed in the URL or the log', async () => {
    const before = await count('contact_messages');
    log.length = 0;
    const response = await postPage('/?index', { ...contact, leadForm: 'contact', website: '' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
    const html = await response.text();
    expect(html).toContain('Please check your message');
    expect(html).toContain('Enter a valid e-mail address, such as john@company.com.');
    expect(html).toContain('value="zebulon@quaxford"');
    expect(html).toContain('value="Quaxford Midstream"');
    expect(html).toContain('Rich gas at two pads, call me</textarea>');
    expect(await count('contact_messages')).toBe(before);

    const lines = accessLines();
    expect(lines).toContainEqual(expect.objectContaining({ method: 'POST', url: '/?index', status: 400 }));
    const everything = log.join('\n');
    for (const typed of spellings(contact)) expect(everything).not.toContain(typed);
  });

  it('stores a valid contact post and redirects 303 to the page with only "sent" in the URL', async () => {
    const before = await count('contact_messages');
    const response = await postPage('/?index', { ...contact, email: 'zebulon@quaxford.example.com', leadForm: 'contact' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/?sent=contact#contact');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await count('contact_messages')).toBe(before + 1);
    const page = await (await fetch(`${server.url}/?sent=contact`)).text();
    expect(page).toContain('Message Sent!');
  });

  it('gives a filled honeypot the same redirect and stores nothing', async () => {
    const before = await count('contact_messages');
    const response = await postPage('/?index', { ...contact, email: 'a@b.example.com', leadForm: 'contact', website: 'buy now' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/?sent=contact#contact');
    expect(await count('contact_messages')).toBe(before);
  });

  it('answers an invalid demo request on its page with that button’s panel open, and redirects a valid one', async () => {
    // The button's key, as the server renders its no-JavaScript link.
    const key = /\?demo=(\w+)/.exec(await (await fetch(`${server.url}/vpv-lease`)).text())?.[1] ?? '';
    expect(key).not.toBe('');
    const before = await count('demo_requests');
    log.length = 0;
    const bad = await postPage(`/vpv-lease?demo=${key}`, { ...demo, leadForm: 'demo', demoKey: key });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain(`id="request-demo-${key}"`);
    expect(html).toContain('Please check your request');
    expect(html).toContain('value="call me maybe"');
    expect(html).toContain('Three sites in the Delaware Basin</textarea>');
    expect(await count('demo_requests')).toBe(before);
    const everything = log.join('\n');
    for (const typed of spellings(demo)) expect(everything).not.toContain(typed);

    const ok = await postPage(`/vpv-lease?demo=${key}`, { ...demo, phone: '+1 (888) 555-0148', leadForm: 'demo', demoKey: key });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe(`/vpv-lease?demo=${key}&sent=demo#request-demo-${key}`);
    expect(await (await fetch(`${server.url}/vpv-lease?demo=${key}&sent=demo`)).text()).toContain('Demo Request Submitted');
    expect(await count('demo_requests')).toBe(before + 1);
  });

  it('takes only a letters-and-digits button key into the redirect', async () => {
    const response = await postPage('/vpv-market', { ...demo, phone: '888 555 0148', leadForm: 'demo', demoKey: '../evil.example' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/vpv-market?demo=demo&sent=demo#request-demo-demo');
  });

  it('refuses a post that names no lead form with 400', async () => {
    const response = await postPage('/vpv-market', { ...demo, leadForm: 'nope' });
    expect(response.status).toBe(400);
  });

  it('lets through only same-origin, URL-encoded posts of a declared, small length', async () => {
    const fields = { ...contact, leadForm: 'contact' };
    expect((await postPage('/?index', fields, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await postPage('/?index', fields, { origin: 'null' })).status).toBe(403);
    const crossSite = await fetch(`${server.url}/?index`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: new URLSearchParams(fields).toString(),
    });
    expect(crossSite.status).toBe(403);
    const asJson = await fetch(`${server.url}/?index`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(fields),
    });
    expect(asJson.status).toBe(415);
    expect((await postPage('/?index', { ...fields, message: 'x'.repeat(40 * 1024) })).status).toBe(413);
    // Pages without a form still take no posts.
    const leadership = await postPage('/leadership', fields);
    expect(leadership.status).toBe(405);
    expect(leadership.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('a lead form posted without JavaScript when the database cannot store it', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { LEADS_RATE_LIMIT: '0' });
    // Break the insert only: the pages still render from the rest.
    await sql`DROP TABLE contact_messages`.execute(server.services.database.db);
  });
  afterAll(async () => server?.close());

  it('answers 500 with its page, the Error notice and the values kept', async () => {
    const response = await fetch(`${server.url}/?index`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({ ...contact, email: 'zebulon@quaxford.example.com', leadForm: 'contact' }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('Failed to send message. Please try again.');
    expect(html).toContain('value="Zebulon"');
  });
});
