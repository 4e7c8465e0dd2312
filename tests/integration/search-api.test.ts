import { SEARCH_KINDS, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX_CHARS, type SearchHit, type SearchKind, type SearchResponse } from '@domain/search/types.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { associationEntries, leaderEntries, pageEntries } from '../../server/services/search/entries.ts';
import { seedSiteContent } from '../../server/services/site-content/seed.ts';
import { testDialects } from '../helpers/databases.ts';
import { expectInvalidInput } from '../helpers/invalid-input.ts';
import { type TestServer, startTestServer } from '../helpers/server.ts';

/**
 * GET /api/search (docs/api.md, "Search"; docs/search.md) over the seeded knowledge base:
 * glossary, FAQ, tutorial, sample documents and the public pages, on every database.
 */
describe.each(testDialects)('the search API on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server?.close());

  const get = (query: string) => fetch(`${server.url}/api/search${query}`);
  async function search(q: string, extra = ''): Promise<SearchResponse> {
    const response = await get(`?q=${encodeURIComponent(q)}${extra}`);
    expect(response.status, q).toBe(200);
    return (await response.json()) as SearchResponse;
  }
  const hitsOf = (response: SearchResponse, kind: SearchKind): SearchHit[] => response.groups.find((group) => group.kind === kind)?.hits ?? [];
  const textOf = (hit: SearchHit) => hit.excerpt.map((part) => part.text).join('');

  describe('finding things', () => {
    it('finds Netback from the misspelled "netbak", with the corrected query and the term card as the link', async () => {
      const response = await search('netbak');
      const netback = hitsOf(response, 'glossary').find((hit) => hit.title === 'Netback');
      expect(netback, JSON.stringify(response)).toMatchObject({ kind: 'glossary', url: '/knowledge-base#term-netback', label: 'General' });
      expect(response.correctedQuery?.toLowerCase()).toContain('netback');
    });

    it('finds Regasification from "regasify" (a word form) and Boil-off gas from "boiloff" (no hyphen)', async () => {
      const regas = await search('regasify');
      expect(hitsOf(regas, 'glossary').map((hit) => hit.title)).toContain('Regasification');
      const boiloff = await search('boiloff');
      const hit = hitsOf(boiloff, 'glossary')[0];
      expect(hit, JSON.stringify(boiloff)).toMatchObject({ title: 'Boil-off gas', url: '/knowledge-base#term-boil-off-gas' });
    });

    it('finds the FAQ answer about VPV Market, opened at its item, and the VPV Market page', async () => {
      const response = await search('VPV Market');
      const faq = hitsOf(response, 'faq').find((hit) => hit.title === 'What is VPV Market?');
      expect(faq, JSON.stringify(response)).toBeDefined();
      expect(faq?.url).toMatch(/^\/knowledge-base\?tab=faq#faq-/);
      expect(faq?.excerpt.some((part) => part.match)).toBe(true);
      expect(hitsOf(response, 'page').map((hit) => hit.url)).toContain('/vpv-market');
      // Groups come in SEARCH_KINDS order and total counts every hit.
      const order = response.groups.map((group) => SEARCH_KINDS.indexOf(group.kind));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(response.total).toBe(response.groups.reduce((sum, group) => sum + group.hits.length, 0));
    });

    it('finds a document by its title, linked to its card in its tab', async () => {
      const response = await search('Cryogenic Trailer Spec Sheet', '&kind=document');
      const hit = hitsOf(response, 'document').find((item) => item.title === 'LNG Cryogenic Trailer Spec Sheet');
      expect(hit, JSON.stringify(response)).toBeDefined();
      expect(hit?.url).toMatch(/^\/knowledge-base\?tab=spec-sheets#document-\d+$/);
      expect(hit?.label).toBe('Brochures');
      expect(response.groups.every((group) => group.kind === 'document')).toBe(true);
    });

    it('finds a tutorial step and a page section at their anchors', async () => {
      const methane = await search('methane boiling point');
      expect(hitsOf(methane, 'tutorial').map((hit) => hit.url)).toContain('/knowledge-base?tab=tutorials#tutorial-step-1');
      const tanks = await search('live tank data');
      expect(hitsOf(tanks, 'page').map((hit) => hit.url)).toContain('/vpv-market-sandbox#live-tank-data');
      const pipeline = await search('high-density advantage');
      expect(hitsOf(pipeline, 'page').map((hit) => hit.url)).toContain('/virtual-pipeline#high-density');
    });

    it('links every page section to an element id the page renders', async () => {
      const seed = seedSiteContent();
      const sections = [...pageEntries(), ...leaderEntries(seed.leaders), ...associationEntries(seed.associations)].filter((entry) => entry.url.includes('#'));
      expect(sections.length).toBeGreaterThan(20);
      const html = new Map<string, string>();
      for (const entry of sections) {
        const [path = '', id = ''] = entry.url.split('#');
        if (!html.has(path)) html.set(path, await (await fetch(`${server.url}${path}`)).text());
        expect(html.get(path), entry.url).toContain(`id="${id}"`);
      }
    });

    it('finds a leader by the words of the biography, and an association by name, from the first start', async () => {
      const seed = seedSiteContent();
      const leader = seed.leaders[1];
      const association = seed.associations.associations[0];
      if (!leader || !association) throw new Error('the seed has leaders and associations');
      const byRole = hitsOf(await search(leader.title), 'page');
      expect(byRole.map((hit) => [hit.title, hit.url])).toContainEqual([leader.name, '/leadership#leader-2']);
      expect(hitsOf(await search(association.name), 'page').map((hit) => hit.url)).toContain('/#associations');
    });

    it('offers "Did you mean" from the indexed words when nothing matches as typed', async () => {
      const response = await search('liquefacton regasificaton');
      const offered = `${response.correctedQuery ?? ''} ${response.suggestion ?? ''}`.toLowerCase();
      expect(offered, JSON.stringify(response)).toContain('liquefaction');
      const nothing = await search('zzzzqqqq');
      expect(nothing).toMatchObject({ groups: [], total: 0, correctedQuery: null });
    });

    it('keeps to kind and limit', async () => {
      const one = await search('LNG', '&limit=1');
      expect(one.groups.length).toBeGreaterThan(1);
      for (const group of one.groups) expect(group.hits).toHaveLength(1);
      const faqOnly = await search('LNG', '&kind=faq');
      expect(faqOnly.groups.map((group) => group.kind)).toEqual(['faq']);
      const many = await search('LNG', `&kind=glossary&limit=${SEARCH_LIMIT_MAX}`);
      expect(hitsOf(many, 'glossary').length).toBeGreaterThan(10);
      expect(hitsOf(many, 'glossary').length).toBeLessThanOrEqual(SEARCH_LIMIT_MAX);
    });
  });

  describe('any input', () => {
    it('answers an absent or blank q with an empty result', async () => {
      for (const query of ['', '?q=', '?q=%20%20', '?kind=faq']) {
        const response = await get(query);
        expect(response.status, query).toBe(200);
        expect(await response.json()).toEqual({ query: '', groups: [], total: 0, correctedQuery: null, suggestion: null });
      }
    });

    it('cuts a long q instead of refusing it', async () => {
      const response = await search(`netback ${'x'.repeat(5000)}`);
      expect(response.query.length).toBeLessThanOrEqual(SEARCH_QUERY_MAX_CHARS);
      expect(response.query.startsWith('netback')).toBe(true);
    });

    it('drops control characters and still searches the words around them', async () => {
      for (const encoded of ['boil%00off', 'boil%1Boff', 'boil%C2%85off', 'boil%0Aoff', 'boil%09off', 'boil%ED%A0%80off']) {
        const response = await get(`?q=${encoded}`);
        expect(response.status, encoded).toBe(200);
        const body = (await response.json()) as SearchResponse;
        // eslint-disable-next-line no-control-regex -- what must not be left
        expect(body.query, encoded).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      }
    });

    it.each([
      '"', '""', '"unclosed phrase', "'", '*', '**', 'netback*', '-', '--', '-netback', '+', 'AND', 'OR', 'NOT', 'netback AND OR NOT', 'NEAR(a b)', 'title:netback',
      '(', ')', '((', '^', '{}', '[]', '\\', '%', '_', '%_%', '&', '|', '!', '!!!', ':', ';', '.', '...', '?', '<b>netback</b>', '<script>', '😀', '日本語',
      'e\u0301', 'ﬁ', ' ', '　', '\u200b', 'a'.repeat(300), 'lng '.repeat(100), "'; drop table search_entries; --", '$1', 'null', 'undefined',
    ])('answers %j normally', async (q) => {
      const response = await search(q);
      expect(Array.isArray(response.groups)).toBe(true);
      for (const group of response.groups) {
        for (const hit of group.hits) expect(typeof textOf(hit)).toBe('string');
      }
    });

    it('refuses an unknown kind, a bad limit and a repeated parameter with a 400 naming the parameter', async () => {
      const cases: Array<[string, string]> = [
        ['?q=lng&kind=images', 'kind'],
        ['?q=lng&kind=', 'kind'],
        ['?q=lng&kind=faq&kind=glossary', 'kind'],
        ['?q=lng&limit=0', 'limit'],
        ['?q=lng&limit=51', 'limit'],
        ['?q=lng&limit=-1', 'limit'],
        ['?q=lng&limit=1.5', 'limit'],
        ['?q=lng&limit=abc', 'limit'],
        ['?q=lng&limit=', 'limit'],
        ['?q=lng&limit=1&limit=2', 'limit'],
        ['?q=a&q=b', 'q'],
      ];
      for (const [query, field] of cases) {
        const response = await get(query);
        expect(response.status, query).toBe(400);
        expect((await expectInvalidInput(response, [field])).message, query).toBeTruthy();
      }
    });

    it('is public and never stored by a shared cache', async () => {
      const response = await get('?q=netback');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('no-store');
      expect(response.headers.get('set-cookie')).toBeNull();
    });
  });
});
