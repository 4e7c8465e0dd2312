import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases.ts';
import { expectInvalidInput } from '../helpers/invalid-input.ts';
import { samplePdf } from '../helpers/sample-files.ts';
import { type TestServer, startTestServer } from '../helpers/server.ts';

/**
 * Issue 11, item 5: NUL and other control characters in any text field are a 400 naming
 * the field, on SQLite and PostgreSQL alike (PostgreSQL used to answer 500, SQLite stored
 * them), and nothing is stored. Tab and line breaks stay allowed where text is multi-line.
 */

const admin = { username: 'text-admin', password: 'text-admin-password-1' };

/** NUL, other C0 controls, DEL, C1 controls and a lone surrogate: refused everywhere. */
const FORBIDDEN: Record<string, string> = {
  NUL: '\u0000',
  BEL: '\u0007',
  ESC: '\u001b',
  DEL: '\u007f',
  NEL: '\u0085',
  CSI: '\u009b',
  'lone surrogate': '\ud800',
};
const forbidden = Object.entries(FORBIDDEN);
const notAllowed = (label: string) => `${label} contains characters that are not allowed.`;

const contact = { firstName: 'Nora', lastName: 'Null', company: 'Acme', email: 'nora@example.com', message: 'Hello' };
const demo = { name: 'Dan', phone: '+1 888 555 0148', email: 'dan@example.com', company: 'Acme', title: 'Buyer', notes: 'Call me' };
const term = { term: 'Control test term', definition: 'A definition.', category: 'general', synonyms: 'one, two', relatedTerms: 'LNG' };

describe.each(testDialects)('text fields refuse control characters on %s', (dialect) => {
  let server: TestServer;
  let cookie = '';

  beforeAll(async () => {
    server = await startTestServer(dialect, { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, LEADS_RATE_LIMIT: '0' });
    const login = await json('POST', '/api/admin/login', admin);
    expect(login.status).toBe(200);
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  });
  afterAll(async () => server?.close());

  function json(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
    return fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  }
  const asAdmin = (method: string, path: string, body?: unknown) =>
    body === undefined ? fetch(`${server.url}${path}`, { method, headers: { cookie } }) : json(method, path, body, { cookie });

  async function expectRefused(response: Response, field: string | null, message: string) {
    const body = await expectInvalidInput(response);
    if (field === null) {
      expect(body.message).toBe(message);
      return;
    }
    expect(body.fieldErrors[field]?.[0]).toBe(message);
  }

  async function leadCounts() {
    const messages = (await (await asAdmin('GET', '/api/admin/messages')).json()) as { total: number };
    const demos = (await (await asAdmin('GET', '/api/admin/demo-requests')).json()) as { total: number };
    return { messages: messages.total, demos: demos.total };
  }

  describe('lead forms (public)', () => {
    const contactLabels = { firstName: 'First name', lastName: 'Last name', company: 'Company', email: 'Email', message: 'Message' };
    const demoLabels = { name: 'Name', phone: 'Phone', email: 'Email', company: 'Company', title: 'Title', notes: 'Notes' };

    it.each(Object.entries(contactLabels))('POST /api/contact refuses NUL in %s, stores nothing', async (field, label) => {
      const before = await leadCounts();
      await expectRefused(await json('POST', '/api/contact', { ...contact, [field]: `Ab\u0000c` }), field, notAllowed(label));
      expect(await leadCounts()).toEqual(before);
    });

    it.each(forbidden)('POST /api/contact refuses %s in the (multi-line) message', async (_name, character) => {
      await expectRefused(await json('POST', '/api/contact', { ...contact, message: `Hi${character}there` }), 'message', notAllowed('Message'));
    });

    it.each(Object.entries(demoLabels))('POST /api/request-demo refuses NUL in %s', async (field, label) => {
      await expectRefused(await json('POST', '/api/request-demo', { ...demo, [field]: `+1 888 555 01\u000048` }), field, notAllowed(label));
    });

    it.each(forbidden)('POST /api/request-demo refuses %s in the company name', async (_name, character) => {
      await expectRefused(await json('POST', '/api/request-demo', { ...demo, company: `Ac${character}me` }), 'company', notAllowed('Company'));
    });

    it('keeps tab and line breaks in multi-line text, and refuses a tab in one-line text', async () => {
      const message = 'Line one\r\nLine two\n\tindented';
      expect((await json('POST', '/api/contact', { ...contact, message })).status).toBe(201);
      expect((await json('POST', '/api/request-demo', { ...demo, notes: message })).status).toBe(201);
      const stored = (await (await asAdmin('GET', '/api/admin/messages')).json()) as { items: { message: string }[] };
      expect(stored.items.map((item) => item.message)).toContain(message);
      await expectRefused(await json('POST', '/api/request-demo', { ...demo, title: 'Head\tof buying' }), 'title', notAllowed('Title'));
      await expectRefused(await json('POST', '/api/contact', { ...contact, company: 'Acme\nInc' }), 'company', 'Company must be on one line.');
    });

    it('answers a form posted without JavaScript with NUL as invalid, on its page', async () => {
      const before = await leadCounts();
      const response = await fetch(`${server.url}/?index`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...contact, firstName: 'No\u0000ra', leadForm: 'contact' }).toString(),
        redirect: 'manual',
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('Please check your message');
      expect(await leadCounts()).toEqual(before);
    });
  });

  describe('admin login (public)', () => {
    it.each(forbidden)('refuses %s in the username with a 400', async (_name, character) => {
      await expectRefused(await json('POST', '/api/admin/login', { ...admin, username: `text${character}admin` }), 'username', notAllowed('Username'));
    });
  });

  describe('glossary search (public)', () => {
    it.each([
      ['NUL', '%00'],
      ['ESC', '%1B'],
      ['NEL', '%C2%85'],
      ['a line break', 'LNG%0Aplant'],
    ])('GET /api/glossary refuses %s in ?search= with a 400', async (_name, encoded) => {
      const response = await fetch(`${server.url}/api/glossary?search=${encoded}`);
      expect(response.status).toBe(400);
      expect((await expectInvalidInput(response, ['search'])).message).toMatch(/^search (contains characters that are not allowed|must be on one line)\.$/);
    });

    it('GET /knowledge-base?tab=glossary&search=%00 is the page, as a 400 with no terms found, and a good search still works', async () => {
      const response = await fetch(`${server.url}/knowledge-base?tab=glossary&search=%00&category=lng`);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain('No terms found matching your search criteria.');
      expect(html).toContain('role="search"');
      expect(html).not.toContain('\u0000');

      const good = await fetch(`${server.url}/knowledge-base?search=boil-off`);
      expect(good.status).toBe(200);
      expect(await good.text()).toContain('Boil-off gas');
    });

    it('GET /knowledge-base?search=%00 (the whole knowledge base) is the results page, as a 400 with nothing found', async () => {
      const response = await fetch(`${server.url}/knowledge-base?search=boil%00off%1B`);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain('Nothing in the knowledge base matches “boiloff”.');
      expect(html).not.toContain('\u0000');
      expect(html).not.toContain('\u001b');
    });
  });

  describe('glossary terms (admin)', () => {
    const labels = { term: 'Term', definition: 'Definition', synonyms: 'Synonyms', relatedTerms: 'Related terms' };

    it.each(Object.entries(labels))('POST /api/glossary refuses NUL in %s', async (field, label) => {
      await expectRefused(await asAdmin('POST', '/api/glossary', { ...term, [field]: 'Bad\u0000value' }), field, notAllowed(label));
    });

    it.each(forbidden)('PUT /api/glossary/:id refuses %s in the definition and leaves the term alone', async (_name, character) => {
      const created = await asAdmin('POST', '/api/glossary', { ...term, term: `Control term ${_name}`, definition: 'Line one\n\tLine two' });
      expect(created.status).toBe(201);
      const { id, definition } = (await created.json()) as { id: number; definition: string };
      expect(definition).toBe('Line one\n\tLine two');
      await expectRefused(await asAdmin('PUT', `/api/glossary/${id}`, { ...term, definition: `Bad${character}` }), 'definition', notAllowed('Definition'));
      const terms = (await (await fetch(`${server.url}/api/glossary`)).json()) as { id: number; definition: string }[];
      expect(terms.find((item) => item.id === id)?.definition).toBe('Line one\n\tLine two');
    });

    it('refuses NUL inside a list of synonyms sent as an array', async () => {
      await expectRefused(await asAdmin('POST', '/api/glossary', { ...term, synonyms: ['fine', 'bad\u0000'] }), 'synonyms', notAllowed('Synonyms'));
    });
  });

  describe('documents (admin)', () => {
    async function firstDocumentId() {
      const documents = (await (await asAdmin('GET', '/api/documents')).json()) as { id: number }[];
      const id = documents[0]?.id;
      if (id === undefined) throw new Error('no seeded document');
      return id;
    }
    const update = { title: 'Netback at a glance', description: 'Two lines\nof description', category: 'infographics' };

    it.each(forbidden)('PUT /api/documents/:id refuses %s in the title and the description', async (_name, character) => {
      const id = await firstDocumentId();
      await expectRefused(await asAdmin('PUT', `/api/documents/${id}`, { ...update, title: `Net${character}back` }), null, notAllowed('Title'));
      await expectRefused(await asAdmin('PUT', `/api/documents/${id}`, { ...update, description: `x${character}` }), null, notAllowed('Description'));
    });

    it('PUT /api/documents/:id keeps line breaks and tabs in the description', async () => {
      const id = await firstDocumentId();
      const response = await asAdmin('PUT', `/api/documents/${id}`, { ...update, description: 'Line one\n\tLine two' });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { description: string }).description).toBe('Line one\n\tLine two');
    });

    it('POST /api/documents/upload refuses NUL in the title', async () => {
      const before = ((await (await asAdmin('GET', '/api/documents')).json()) as unknown[]).length;
      const body = new FormData();
      body.append('category', 'infographics');
      body.append('title', 'Net\u0000back');
      body.append('file', new Blob([new Uint8Array(samplePdf())], { type: 'application/pdf' }), 'netback.pdf');
      const response = await fetch(`${server.url}/api/documents/upload`, { method: 'POST', headers: { cookie }, body });
      await expectRefused(response, null, notAllowed('Title'));
      expect(((await (await asAdmin('GET', '/api/documents')).json()) as unknown[]).length).toBe(before);
    });
  });
});
