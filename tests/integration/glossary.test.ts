import { glossarySeed } from '@content/glossary-seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOSSARY_CATEGORIES, type GlossaryTerm } from '../../domain/glossary/term.ts';
import { testDialects } from '../helpers/databases.ts';
import { expectInvalidInput } from '../helpers/invalid-input.ts';
import { type TestServer, startTestServer } from '../helpers/server.ts';

const admin = { username: 'glossary-admin', password: 'glossary-admin-password-1' };

describe.each(testDialects)('the glossary API on %s', (dialect) => {
  let server: TestServer;
  /** False until POST /api/admin/login exists (it answers 404 before the admin area lands). */
  let adminLoginAvailable = false;
  let adminCookie = '';

  beforeAll(async () => {
    server = await startTestServer(dialect, { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
    const login = await post('/api/admin/login', admin);
    adminLoginAvailable = login.status !== 404;
    if (adminLoginAvailable) {
      expect(login.status).toBe(200);
      adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    }
  });
  afterAll(async () => server?.close());

  const list = async (query = '') => {
    const response = await fetch(`${server.url}/api/glossary${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as GlossaryTerm[];
  };
  function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    return send('POST', path, body, headers);
  }
  function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return fetch(`${server.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  }
  const asAdmin = (method: string, path: string, body?: unknown) => send(method, path, body, { cookie: adminCookie });

  describe('reading', () => {
    it('starts with the seeded glossary: at least 60 terms across all seven categories, sorted by term', async () => {
      const terms = await list();
      expect(terms.length).toBe(glossarySeed.length);
      expect(terms.length).toBeGreaterThanOrEqual(60);
      expect(new Set(terms.map((term) => term.category))).toEqual(new Set(GLOSSARY_CATEGORIES));
      const names = terms.map((term) => term.term.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(terms.find((term) => term.term === 'Boil-off gas')).toMatchObject({
        category: 'lng',
        synonyms: 'BOG, boil-off, boiloff',
        relatedTerms: expect.stringContaining('Holding time'),
      });
      expect(Object.keys(terms[0] ?? {}).sort()).toEqual(
        ['category', 'definition', 'id', 'relatedTerms', 'synonyms', 'term', 'updatedAt', 'updatedBy', 'version'].sort(),
      );
      expect(terms[0]).toMatchObject({ version: 1, updatedBy: null });
    });

    it('searches term, definition and synonyms case-insensitively', async () => {
      const byTerm = await list('?search=BOIL-OFF');
      expect(byTerm.map((term) => term.term)).toContain('Boil-off gas');
      const bySynonym = await list('?search=bog');
      expect(bySynonym.map((term) => term.term)).toContain('Boil-off gas');
      const byDefinition = await list('?search=ERATH');
      expect(byDefinition.map((term) => term.term)).toEqual(['Henry Hub']);
      for (const term of await list('?search=Wobbe')) {
        expect(`${term.term} ${term.definition} ${term.synonyms}`.toLowerCase()).toContain('wobbe');
      }
    });

    it('treats % and _ in a search as plain characters', async () => {
      expect(await list('?search=%25')).toEqual((await list()).filter((term) => term.definition.includes('%')));
      expect(await list('?search=_')).toEqual([]);
      expect(await list(`?search=${encodeURIComponent('no such words anywhere')}`)).toEqual([]);
    });

    it('filters by category, and category=all (or none) means every category', async () => {
      const ngl = await list('?category=ngl');
      expect(ngl.length).toBeGreaterThan(0);
      expect(ngl.every((term) => term.category === 'ngl')).toBe(true);
      expect((await list('?category=all')).length).toBe((await list()).length);
      const combined = await list('?category=transportation&search=trailer');
      expect(combined.map((term) => term.term)).toContain('Cryogenic trailer');
      expect(combined.every((term) => term.category === 'transportation')).toBe(true);
    });

    it('answers 400 for an unknown category, an over-long search or a repeated parameter', async () => {
      for (const query of ['?category=lpg', `?search=${'x'.repeat(201)}`, '?search=a&search=b']) {
        const response = await fetch(`${server.url}/api/glossary${query}`);
        expect(response.status, query).toBe(400);
        expect((await expectInvalidInput(response, [query.startsWith('?category') ? 'category' : 'search'])).message).toBeTruthy();
      }
    });

    it('renders the glossary tab from ?tab=glossary&search= and ?category= on the server', async () => {
      const html = await (await fetch(`${server.url}/knowledge-base?tab=glossary&search=regas&category=lng`)).text();
      expect(html).toContain('id="term-regasification"');
      expect(html).not.toContain('id="term-propane"');
      const none = await (await fetch(`${server.url}/knowledge-base?tab=glossary&search=zzzz-nothing`)).text();
      expect(none).toContain('No terms found matching your search criteria.');
    });
  });

  describe('writing as a visitor', () => {
    it('refuses POST, PUT and DELETE with 401 and changes nothing', async () => {
      const before = await list();
      const id = before[0]?.id ?? 1;
      const body = { term: 'Visitor term', definition: 'Should not be stored.' };
      expect((await post('/api/glossary', body)).status).toBe(401);
      expect((await send('PUT', `/api/glossary/${id}`, body)).status).toBe(401);
      expect((await send('DELETE', `/api/glossary/${id}`)).status).toBe(401);
      // The body is never parsed for a visitor, so even malformed JSON is a 401.
      expect((await post('/api/glossary', '{not json')).status).toBe(401);
      expect(await list()).toEqual(before);
    });

    it('refuses a cross-site write with 403', async () => {
      const response = await post('/api/glossary', { term: 'x', definition: 'y' }, { origin: 'https://evil.example' });
      expect(response.status).toBe(403);
    });
  });

  describe('writing as an admin', () => {
    it('creates a term (201), trimming and normalizing it, with category defaulting to general', async (context) => {
      if (!adminLoginAvailable) return context.skip();
      const response = await asAdmin('POST', '/api/glossary', {
        term: '  Liquefied biomethane  ',
        definition: '  Renewable natural gas upgraded to pipeline quality and liquefied.  ',
        synonyms: 'LBM, bio-LNG,  , lbm',
        relatedTerms: ['Liquefied natural gas', 'Methane'],
      });
      expect(response.status).toBe(201);
      const created = (await response.json()) as GlossaryTerm;
      expect(created).toMatchObject({
        term: 'Liquefied biomethane',
        definition: 'Renewable natural gas upgraded to pipeline quality and liquefied.',
        category: 'general',
        synonyms: 'LBM, bio-LNG',
        relatedTerms: 'Liquefied natural gas, Methane',
      });
      expect((await list('?search=bio-lng')).map((term) => term.id)).toEqual([created.id]);
    });

    it('updates a term (200) and answers 404 for an unknown id', async (context) => {
      if (!adminLoginAvailable) return context.skip();
      const target = (await list('?search=Tank farm'))[0];
      expect(target).toBeDefined();
      const response = await asAdmin('PUT', `/api/glossary/${target?.id}`, {
        term: 'Tank farm',
        definition: 'A group of storage tanks with shared piping and containment.',
        category: 'storage',
        synonyms: 'tank battery',
        relatedTerms: '',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe(`"${(target?.version ?? 0) + 1}"`);
      expect(await response.json()).toEqual({
        id: target?.id,
        term: 'Tank farm',
        definition: 'A group of storage tanks with shared piping and containment.',
        category: 'storage',
        synonyms: 'tank battery',
        relatedTerms: '',
        version: (target?.version ?? 0) + 1,
        updatedAt: expect.any(String),
        updatedBy: 'glossary-admin',
      });
      for (const id of ['999999', 'abc', '0', '-1', '1.5']) {
        const missing = await asAdmin('PUT', `/api/glossary/${id}`, { term: 'x', definition: 'y' });
        expect(missing.status, id).toBe(404);
      }
    });

    it('deletes a term (204), then answers 404 for it', async (context) => {
      if (!adminLoginAvailable) return context.skip();
      const target = (await list('?search=Bobtail'))[0];
      const response = await asAdmin('DELETE', `/api/glossary/${target?.id}`);
      expect(response.status).toBe(204);
      expect(await list('?search=Bobtail')).toEqual([]);
      expect((await asAdmin('DELETE', `/api/glossary/${target?.id}`)).status).toBe(404);
    });

    it('refuses a second term with the same name (409), whatever its case', async (context) => {
      if (!adminLoginAvailable) return context.skip();
      const response = await asAdmin('POST', '/api/glossary', { term: 'WOBBE INDEX', definition: 'Duplicate.' });
      expect(response.status).toBe(409);
      expect(((await response.json()) as { message: string }).message).toContain('already exists');
      const propane = (await list('?search=Propane')).find((term) => term.term === 'Propane');
      const rename = await asAdmin('PUT', `/api/glossary/${propane?.id}`, { term: 'ethane', definition: 'x' });
      expect(rename.status).toBe(409);
    });

    it.for([
      ['a missing term', { definition: 'd' }, 'term'],
      ['a blank definition', { term: 't', definition: '   ' }, 'definition'],
      ['a term over 200 characters', { term: 'x'.repeat(201), definition: 'd' }, 'term'],
      ['a definition over 5000 characters', { term: 't', definition: 'x'.repeat(5001) }, 'definition'],
      ['a numeric term', { term: 42, definition: 'd' }, 'term'],
      ['an unknown category', { term: 't', definition: 'd', category: 'lpg' }, 'category'],
      ['synonyms of the wrong type', { term: 't', definition: 'd', synonyms: { a: 1 } }, 'synonyms'],
    ] as const)('answers 400 with field errors for %s', async ([, body, field], context) => {
      if (!adminLoginAvailable) return context.skip();
      const response = await asAdmin('POST', '/api/glossary', body);
      expect(response.status).toBe(400);
      const answer = await expectInvalidInput(response, [field]);
      expect(answer.message).toBeTruthy();
      expect(answer.fieldErrors[field]?.[0]).toBeTruthy();
      expect(answer.message).toBe(answer.fieldErrors[field]?.[0]);
    });

    it('answers 400 for malformed JSON or a non-object body, and 415 for a form post', async (context) => {
      if (!adminLoginAvailable) return context.skip();
      for (const body of ['{"term": ', '["a list"]']) {
        const response = await asAdmin('POST', '/api/glossary', body);
        expect(response.status).toBe(400);
        await expectInvalidInput(response, []);
      }
      const form = await fetch(`${server.url}/api/glossary`, {
        method: 'POST',
        headers: { cookie: adminCookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'term=x&definition=y',
      });
      expect(form.status).toBe(415);
    });

    it('shows "No glossary terms available yet." once every term is gone, and never re-seeds', async (context) => {
      if (!adminLoginAvailable) return context.skip();
      for (const term of await list()) {
        expect((await asAdmin('DELETE', `/api/glossary/${term.id}`)).status).toBe(204);
      }
      const html = await (await fetch(`${server.url}/knowledge-base`)).text();
      expect(html).toContain('No glossary terms available yet.');
      // A restart runs the migrations again; the glossary must stay empty.
      const { migrateToLatest } = await import('../../server/db/migrate.ts');
      expect(await migrateToLatest(server.services.database.db)).toEqual([]);
      expect(await list()).toEqual([]);
    });
  });
});
