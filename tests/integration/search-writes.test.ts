import { sql } from 'kysely';
import type { Associations, FaqEntry, Leader, SeoEntries } from '@domain/site-content/types.ts';
import type { SearchHit, SearchKind, SearchResponse } from '@domain/search/types.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases.ts';
import { type DocumentsTestServer, startDocumentsServer } from '../helpers/documents-server.ts';
import { extractStoredPdfText } from '../../server/services/search/document-text.ts';
import { readMissingPdfText } from '../../server/services/search/reindex.ts';
import { malformedPdf, pdfWithPages } from '../helpers/search-pdf.ts';

/**
 * The search index follows every write (docs/search.md, "Keeping the index current"): the
 * glossary, documents (PDF text included) and the published FAQ, through the admin API,
 * and search:reindex rebuilds the same index from the sources.
 */
describe.each(testDialects)('the search index follows the writes on %s', (dialect) => {
  let t: DocumentsTestServer;

  beforeAll(async () => {
    t = await startDocumentsServer(dialect, 'disk');
  });
  afterAll(async () => t?.close());

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${t.url}${path}`, {
      method,
      headers: { cookie: t.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  async function search(q: string, kind?: SearchKind): Promise<SearchResponse> {
    const response = await fetch(`${t.url}/api/search?q=${encodeURIComponent(q)}${kind ? `&kind=${kind}` : ''}`);
    expect(response.status).toBe(200);
    return (await response.json()) as SearchResponse;
  }
  const hits = async (q: string, kind: SearchKind): Promise<SearchHit[]> => (await search(q, kind)).groups.find((group) => group.kind === kind)?.hits ?? [];
  const titles = async (q: string, kind: SearchKind) => (await hits(q, kind)).map((hit) => hit.title);

  describe('glossary', () => {
    it('indexes a new term, follows its edit, and drops it in the trash until it is restored or purged', async () => {
      const created = await call('POST', '/api/glossary', { term: 'Quillback manifold', definition: 'A header that spreads marmoset flow across trailers.', category: 'storage', synonyms: 'QBM, quill-back' });
      expect(created.status).toBe(201);
      const term = (await created.json()) as { id: number; version: number };
      const found = (await hits('marmoset', 'glossary'))[0];
      expect(found).toMatchObject({ title: 'Quillback manifold', url: '/knowledge-base#term-quillback-manifold', label: 'Storage' });
      expect(await titles('QBM', 'glossary')).toContain('Quillback manifold');
      expect(await titles('quillback', 'glossary')).toContain('Quillback manifold');

      const edited = await call('PUT', `/api/glossary/${term.id}`, { term: 'Quillback manifold', definition: 'A header that spreads pelican flow across trailers.', category: 'storage', version: term.version });
      expect(edited.status).toBe(200);
      expect(await titles('marmoset', 'glossary')).not.toContain('Quillback manifold');
      expect(await titles('pelican', 'glossary')).toContain('Quillback manifold');

      expect((await call('DELETE', `/api/glossary/${term.id}`)).status).toBe(204);
      expect(await titles('pelican', 'glossary')).not.toContain('Quillback manifold');
      expect((await call('POST', `/api/admin/trash/glossary/${term.id}/restore`)).status).toBe(200);
      expect(await titles('pelican', 'glossary')).toContain('Quillback manifold');

      expect((await call('DELETE', `/api/glossary/${term.id}`)).status).toBe(204);
      expect((await call('DELETE', `/api/admin/trash/glossary/${term.id}`)).status).toBe(204);
      expect(await titles('pelican', 'glossary')).not.toContain('Quillback manifold');
    });

    it('leaves the index as it was when a write is refused', async () => {
      const refused = await call('POST', '/api/glossary', { term: 'Netback', definition: 'A duplicate about ocelots.' });
      expect(refused.status).toBe(409);
      expect(await titles('ocelots', 'glossary')).toEqual([]);
    });
  });

  describe('FAQ', () => {
    it('indexes what is published: a new answer is found, a removed one is gone, a restored version is back', async () => {
      const state = (await (await call('GET', '/api/admin/content/faq')).json()) as { revision: number; published: FaqEntry[]; publishedVersion: number };
      const added: FaqEntry = { id: 'faq-search-test', question: 'Do you haul narwhal brine?', answer: 'Only when the wombat permit is in hand.', category: 'general' };
      const published = await call('POST', '/api/admin/content/faq/publish', { revision: state.revision, data: [...state.published, added] });
      expect(published.status).toBe(200);
      const hit = (await hits('wombat permit', 'faq'))[0];
      expect(hit).toMatchObject({ title: 'Do you haul narwhal brine?', url: '/knowledge-base?tab=faq#faq-faq-search-test' });

      const after = (await published.json()) as { revision: number; publishedVersion: number };
      const removed = await call('POST', '/api/admin/content/faq/publish', { revision: after.revision, data: state.published });
      expect(removed.status).toBe(200);
      expect(await hits('wombat permit', 'faq')).toEqual([]);
      expect(await titles('VPV Market', 'faq')).toContain('What is VPV Market?');

      const latest = (await removed.json()) as { revision: number };
      const restored = await call('POST', `/api/admin/content/faq/versions/${after.publishedVersion}/restore`, { revision: latest.revision });
      expect(restored.status).toBe(200);
      expect(await titles('narwhal', 'faq')).toContain('Do you haul narwhal brine?');
    });
  });

  describe('leaders and associations', () => {
    it('indexes the published leaders at their cards: a new biography is found, a removed leader is gone', async () => {
      const state = (await (await call('GET', '/api/admin/content/leaders')).json()) as { revision: number; published: Leader[] };
      expect(await hits('capybara', 'page')).toEqual([]);
      const first = state.published[0];
      if (!first) throw new Error('the seed has leaders');
      const data = [{ ...first, bio: 'Ran the capybara terminal for a decade.' }, ...state.published.slice(1)];
      const published = await call('POST', '/api/admin/content/leaders/publish', { revision: state.revision, data });
      expect(published.status).toBe(200);
      expect((await hits('capybara terminal', 'page'))[0]).toMatchObject({ title: first.name, url: '/leadership#leader-1', label: 'Leadership Team' });

      const last = state.published.at(-1);
      const after = (await published.json()) as { revision: number };
      const fewer = await call('POST', '/api/admin/content/leaders/publish', { revision: after.revision, data: data.slice(0, -1) });
      expect(fewer.status).toBe(200);
      expect((await hits('capybara terminal', 'page'))[0]?.url).toBe('/leadership#leader-1');
      if (last) expect((await hits(last.name, 'page')).map((hit) => hit.url)).not.toContain(`/leadership#leader-${state.published.length}`);
      const latest = (await fewer.json()) as { revision: number };
      expect((await call('POST', '/api/admin/content/leaders/publish', { revision: latest.revision, data: state.published })).status).toBe(200);
      expect(await hits('capybara', 'page')).toEqual([]);
      if (last) expect((await hits(last.name, 'page')).map((hit) => hit.url)).toContain(`/leadership#leader-${state.published.length}`);
    });

    it('indexes the published associations in the home page section', async () => {
      const state = (await (await call('GET', '/api/admin/content/associations')).json()) as { revision: number; published: Associations };
      const data: Associations = { ...state.published, companies: [...state.published.companies, { id: 'search-test', name: 'Wolverine Cryo Haulers', url: null }] };
      expect((await call('POST', '/api/admin/content/associations/publish', { revision: state.revision, data })).status).toBe(200);
      expect((await hits('wolverine', 'page'))[0]).toMatchObject({ title: 'Industry Associations', url: '/#associations' });
    });
  });

  describe('search titles', () => {
    it('indexes a published search description with its page', async () => {
      const state = (await (await call('GET', '/api/admin/content/seo')).json()) as { revision: number; published: SeoEntries };
      expect(await titles('armadillo', 'page')).toEqual([]);
      const data = { ...state.published, knowledgeBase: { ...state.published.knowledgeBase, description: 'Answers about LNG, NGL and the armadillo of logistics.' } };
      expect((await call('POST', '/api/admin/content/seo/publish', { revision: state.revision, data })).status).toBe(200);
      expect((await hits('armadillo', 'page'))[0]).toMatchObject({ title: 'Knowledge Base', url: '/knowledge-base' });
      // The page's sections and the other pages are as before.
      expect((await hits('live tank data', 'page')).map((hit) => hit.url)).toContain('/vpv-market-sandbox#live-tank-data');
    });
  });

  describe('documents', () => {
    const upload = (file: Buffer, fields: { title: string; description?: string; category?: string }) => {
      const body = new FormData();
      body.append('title', fields.title);
      if (fields.description) body.append('description', fields.description);
      body.append('category', fields.category ?? 'articles');
      body.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'upload.pdf');
      return fetch(`${t.url}/api/documents/upload`, { method: 'POST', headers: { cookie: t.cookie }, body });
    };

    it('finds the sentence inside an uploaded PDF, with its page number', async () => {
      const pdf = pdfWithPages(['Opening page about trailers.', 'The cryostatic platypus sentence lives on page two.', 'Closing page.']);
      const response = await upload(pdf, { title: 'Field notes', description: 'Notes from the yard.' });
      expect(response.status).toBe(201);
      const document = (await response.json()) as { id: number };
      const hit = (await hits('platypus', 'document'))[0];
      expect(hit, 'the inner sentence is found').toMatchObject({ title: 'Field notes', page: 2, url: `/knowledge-base?tab=articles#document-${document.id}` });
      expect(hit?.excerpt.some((part) => part.match && /platypus/i.test(part.text))).toBe(true);
      const byTitle = (await hits('field notes', 'document')).find((item) => item.url.endsWith(`#document-${document.id}`));
      expect(byTitle?.page).toBeUndefined();
    });

    it('accepts a malformed PDF, found by its title and not by the words inside', async () => {
      const response = await upload(malformedPdf('hidden axolotl words'), { title: 'Broken brochure', category: 'spec-sheets' });
      expect(response.status).toBe(201);
      expect(await hits('axolotl', 'document')).toEqual([]);
      expect(await titles('broken brochure', 'document')).toContain('Broken brochure');
    });

    it('follows an edit, the trash and a restore, and forgets a purged document', async () => {
      const pdf = pdfWithPages(['The quokka page.']);
      const created = (await (await upload(pdf, { title: 'Yard manual', description: 'How the iguana gate works.' })).json()) as { id: number; version: number };
      expect(await titles('iguana', 'document')).toContain('Yard manual');

      const edited = await call('PUT', `/api/documents/${created.id}`, { title: 'Depot manual', description: 'How the toucan gate works.', category: 'infographics', carouselImages: [], version: created.version });
      expect(edited.status).toBe(200);
      expect(await titles('iguana', 'document')).toEqual([]);
      const moved = (await hits('toucan', 'document'))[0];
      expect(moved).toMatchObject({ title: 'Depot manual', url: `/knowledge-base?tab=infographics#document-${created.id}`, label: 'Infographics' });
      // The PDF's text stays with the document through the edit.
      expect((await hits('quokka', 'document'))[0]).toMatchObject({ title: 'Depot manual', page: 1 });

      expect((await call('DELETE', `/api/documents/${created.id}`)).status).toBe(204);
      expect(await hits('toucan', 'document')).toEqual([]);
      expect(await hits('quokka', 'document')).toEqual([]);
      expect((await call('POST', `/api/admin/trash/document/${created.id}/restore`)).status).toBe(200);
      expect(await titles('quokka', 'document')).toContain('Depot manual');

      expect((await call('DELETE', `/api/documents/${created.id}`)).status).toBe(204);
      expect((await call('DELETE', `/api/admin/trash/document/${created.id}`)).status).toBe(204);
      expect(await hits('quokka', 'document')).toEqual([]);
    });
  });

  describe('the fixed content at start', () => {
    it('was indexed at the first start, and is re-indexed once when content/*.ts changed', async () => {
      const { services } = t.server;
      expect(await services.search.syncAtStart()).toBe('unchanged');
      // As after a deploy that changed the tutorial or a page: the remembered hash is another.
      await services.database.db.updateTable('content_versions').set({ version: 1 }).where('name', '=', 'search-fixed-content').execute();
      expect(await services.search.syncAtStart()).toBe('fixed-content');
      expect(await services.search.syncAtStart()).toBe('unchanged');
      expect((await hits('methane boiling point', 'tutorial')).map((hit) => hit.url)).toContain('/knowledge-base?tab=tutorials#tutorial-step-1');
      // The published search titles are kept in the rebuilt pages.
      expect(await titles('armadillo', 'page')).toContain('Knowledge Base');
    });
  });

  describe('search:reindex', () => {
    it('rebuilds the same index from the sources', async () => {
      const queries = ['netback', 'platypus', 'VPV Market', 'methane', 'live tank data', 'boiloff', 'pelican', 'broken brochure'];
      const before = await Promise.all(queries.map((q) => search(q)));
      const counts = await t.server.services.search.reindex();
      expect(counts.glossary).toBeGreaterThanOrEqual(60);
      expect(counts.faq).toBeGreaterThan(0);
      expect(counts.tutorial).toBe(5);
      expect(counts.document).toBeGreaterThanOrEqual(5);
      expect(counts.documentPages).toBeGreaterThan(0);
      expect(counts.page).toBeGreaterThan(10);
      const after = await Promise.all(queries.map((q) => search(q)));
      expect(after).toEqual(before);
    });

    it('finds words inside the seeded samples from the first start, on their page', async () => {
      expect(await hits('pressurised trailers', 'document')).toContainEqual(
        expect.objectContaining({ title: 'VPV Energy Company Brochure', page: 1, url: expect.stringMatching(/^\/knowledge-base\?tab=spec-sheets#document-\d+$/) }),
      );
    });

    it('with --pdf-text first reads the PDFs stored without text (uploads from before the search), then finds their words', async () => {
      const { services } = t.server;
      const db = services.database.db;
      const brochure = async () => (await hits('pressurised trailers', 'document')).find((item) => item.title === 'VPV Energy Company Brochure');
      const row = await db.selectFrom('documents').select('id').where('title', '=', 'VPV Energy Company Brochure').executeTakeFirstOrThrow();
      // As a document uploaded before PDF text was read: no stored pages.
      await sql`delete from document_pages where document_id = ${Number(row.id)}`.execute(db);
      await services.search.reindex();
      expect(await brochure()).toBeUndefined();
      const read = await readMissingPdfText(db, (key, size) => extractStoredPdfText(services.storage, services.config, services.logger, key, size));
      // The brochure, and the malformed upload, which has no text to give.
      expect(read).toMatchObject({ read: 2, withText: 1 });
      // Read once: the brochure has text now, so a second run reads only the malformed upload again.
      expect((await readMissingPdfText(db, () => Promise.resolve(null))).read).toBe(1);
      await services.search.reindex();
      expect(await brochure()).toMatchObject({ page: 1, url: expect.stringMatching(/^\/knowledge-base\?tab=spec-sheets#document-\d+$/) });
    });
  });
});
