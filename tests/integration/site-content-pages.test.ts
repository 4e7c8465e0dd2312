import type { CompanyFacts, EditorState, FaqEntry, Leader, SeoEntries, SiteContentData, SiteContentKind } from '@domain/site-content/types';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases.ts';
import { type TestServer, loginAdmin, startTestServer } from '../helpers/server.ts';

// The public pages read the stored site content (docs/pages.md, Site content): what staff publish
// shows at once on every page, in the HTML, React Router's data requests and the JSON-LD; a
// saved draft never reaches a visitor, cached or not; an admin previews it with ?preview=drafts,
// privately and never cached.
const admin = { username: 'content-admin', password: 'content admin password' };

/** Every public page, and the 404 (its footer shows the facts too). */
const PUBLIC_PAGES = [
  '/',
  '/leadership',
  '/knowledge-base',
  '/knowledge-base?tab=faq',
  '/vpv-market',
  '/vpv-lease',
  '/vpv-market-sandbox',
  '/vpv-lease-sandbox',
  '/virtual-pipeline',
  '/lng-vs-cng',
  '/sitemap',
  '/no-such-page',
];

interface Got {
  status: number;
  cacheControl: string;
  pageCache: string | null;
  body: string;
}

async function get(url: string, cookie?: string): Promise<Got> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control') ?? '',
    pageCache: response.headers.get('x-page-cache'),
    body: await response.text(),
  };
}

/**
 * Requests a page until the page cache answers it: a rendered page is kept once it has been
 * compressed, one page at a time, so after a burst of pages it may take a few seconds.
 */
async function getCached(url: string): Promise<Got> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const got = await get(url);
    if (got.pageCache === 'hit') return got;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} never came from the cache`);
}

/** Every JSON-LD script of a page, parsed (a script that does not parse fails the test). */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, text = '']) => JSON.parse(text) as Record<string, unknown>,
  );
}

function footerOf(html: string): string {
  const start = html.indexOf('<footer');
  const end = html.indexOf('</footer>', start);
  expect(start, 'the page has a footer').toBeGreaterThan(-1);
  return html.slice(start, end);
}

describe.each(testDialects)('site content on the public pages (%s)', (dialect) => {
  let server: TestServer;
  let adminCookie = '';

  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie: adminCookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text}`).toBe(200);
    return JSON.parse(text) as T;
  }

  async function state<K extends SiteContentKind>(kind: K): Promise<EditorState<K>> {
    return api<EditorState<K>>('GET', `/api/admin/content/${kind}`);
  }

  async function publish<K extends SiteContentKind>(kind: K, change: (data: SiteContentData[K]) => SiteContentData[K]): Promise<void> {
    const current = await state(kind);
    await api('POST', `/api/admin/content/${kind}/publish`, { revision: current.revision, data: change(structuredClone(current.published)) });
  }

  async function saveDraft<K extends SiteContentKind>(kind: K, change: (data: SiteContentData[K]) => SiteContentData[K]): Promise<void> {
    const current = await state(kind);
    await api('PUT', `/api/admin/content/${kind}/draft`, { revision: current.revision, data: change(structuredClone(current.draft ?? current.published)) });
  }

  async function discardDraft(kind: SiteContentKind): Promise<void> {
    const current = await state(kind);
    if (current.draft !== null) await api('DELETE', `/api/admin/content/${kind}/draft`, { revision: current.revision });
  }

  beforeAll(async () => {
    server = await startTestServer(dialect, { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
    adminCookie = await loginAdmin(server.url, admin);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows a published phone number on /, in the footer of every page and in the Organization JSON-LD, at once', async () => {
    const before = (await state('company')).published;
    // Pages in the cache with the old number: the publish must retire them.
    await getCached(`${server.url}/`);
    await getCached(`${server.url}/leadership`);
    expect((await get(`${server.url}/`)).body).toContain(before.phone.display);

    const phone: CompanyFacts['phone'] = { display: '1-888-555-0199', tel: '+18885550199' };
    const equipmentStoreUrl = 'https://store.vpv.example/published-inventory';
    await publish('company', (company) => ({ ...company, phone, equipmentStoreUrl }));

    const home = await get(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.body).not.toContain(before.phone.display);
    const contact = home.body.slice(home.body.indexOf('id="contact"'));
    expect(contact).toContain(`href="tel:${phone.tel}"`);
    const organization = jsonLdOf(home.body).find((data) => data['@type'] === 'Organization');
    expect(organization).toMatchObject({ telephone: phone.tel, contactPoint: { telephone: phone.tel } });
    // View Inventory follows the stored store link (no EQUIPMENT_STORE_URL here).
    expect((await get(`${server.url}/vpv-lease`)).body).toMatch(new RegExp(`<a href="${equipmentStoreUrl}"[^>]*>View Inventory<`));

    // The root's data request (client navigations) carries it too, and the cached copy of it.
    expect((await get(`${server.url}/_root.data`)).body).toContain(phone.display);
    expect((await getCached(`${server.url}/_root.data`)).body).toContain(phone.display);

    for (const path of PUBLIC_PAGES) {
      const page = await get(`${server.url}${path}`);
      const footer = footerOf(page.body);
      expect(footer, path).toContain(phone.display);
      expect(footer, path).toContain(`href="tel:${phone.tel}"`);
      expect(page.body, path).not.toContain(before.phone.display);
    }
  });

  it('never shows a saved draft to a visitor: not in a page, a data request, a cached copy, nor with ?preview=drafts', async () => {
    const marker = 'DRAFT-ONLY-7731';
    await saveDraft('company', (company) => ({ ...company, phone: { display: '1-888-555-0177', tel: '+18885550177' }, description: `${marker} company` }));
    await saveDraft('leaders', (leaders) => leaders.map((leader, index): Leader => (index === 0 ? { ...leader, bio: `${marker} bio` } : leader)));
    await saveDraft('faq', (faq) => faq.map((entry, index): FaqEntry => (index === 0 ? { ...entry, answer: `${marker} answer` } : entry)));
    await saveDraft('associations', (associations) => ({
      ...associations,
      associations: [...associations.associations, { id: 'draft-association', name: `${marker} association`, url: null }],
    }));
    await saveDraft('seo', (seo): SeoEntries => ({ ...seo, leadership: { title: `${marker} title`, description: seo.leadership.description } }));

    const urls = [
      '/',
      '/leadership',
      '/knowledge-base?tab=faq',
      '/?preview=drafts',
      '/leadership?preview=drafts',
      '/knowledge-base?tab=faq&preview=drafts',
      '/_root.data',
      '/_root.data?preview=drafts',
      '/leadership.data',
      '/leadership.data?preview=drafts',
      '/knowledge-base.data?tab=faq',
      '/knowledge-base.data?tab=faq&preview=drafts',
    ];
    for (const path of urls) {
      // Twice: the second may be the page cache's copy.
      for (const round of [1, 2]) {
        const page = await get(`${server.url}${path}`);
        expect(page.status, `${path} (${round})`).toBe(200);
        expect(page.body, `${path} (${round})`).not.toContain(marker);
        expect(page.body, `${path} (${round})`).not.toContain('555-0177');
        expect(page.body, `${path} (${round})`).not.toContain('Previewing drafts');
      }
    }
    // A cached copy, for sure.
    expect((await getCached(`${server.url}/leadership?preview=drafts`)).body).not.toContain(marker);
    // A cookie that is not a session's: a visitor.
    const stale = `${adminCookie.split('=')[0]}=${'x'.repeat(43)}`;
    const staleGot = await get(`${server.url}/leadership?preview=drafts`, stale);
    expect(staleGot.status).toBe(200);
    expect(staleGot.body).not.toContain(marker);
    // The admin without ?preview=drafts sees the published site too.
    expect((await get(`${server.url}/leadership`, adminCookie)).body).not.toContain(marker);
  });

  it('shows an admin the drafts with ?preview=drafts, marked private and never kept in the page cache', async () => {
    const marker = 'DRAFT-ONLY-7731';
    const preview = await get(`${server.url}/leadership?preview=drafts`, adminCookie);
    expect(preview.status).toBe(200);
    expect(preview.cacheControl).toBe('private, no-store');
    expect(preview.pageCache).toBeNull();
    expect(preview.body).toContain(`${marker} bio`);
    expect(preview.body).toContain(`<title>${marker} title</title>`);
    expect(footerOf(preview.body)).toContain('1-888-555-0177');
    expect(preview.body).toMatch(/<div role="status"[^>]*>[\s\S]*Previewing drafts[\s\S]*<a href="\/leadership"[^>]*>Exit preview<\/a>/);
    const about = jsonLdOf(preview.body).find((data) => data['@type'] === 'AboutPage');
    expect(JSON.stringify(about)).toContain(`${marker} bio`);

    const home = await get(`${server.url}/?preview=drafts`, adminCookie);
    expect(home.body).toContain(`${marker} association`);
    expect(home.body).toContain(`${marker} company`);
    const faq = await get(`${server.url}/knowledge-base?tab=faq&preview=drafts`, adminCookie);
    expect(faq.body).toContain(`${marker} answer`);
    expect(faq.body).toMatch(/<a href="\/knowledge-base\?tab=faq"[^>]*>Exit preview<\/a>/);

    const data = await get(`${server.url}/leadership.data?preview=drafts`, adminCookie);
    expect(data.cacheControl).toBe('private, no-store');
    expect(data.body).toContain(`${marker} bio`);
    expect(data.body).toContain('1-888-555-0177');

    // Right after, a visitor gets the published page, rendered or cached.
    for (const round of [1, 2, 3]) {
      const visitor = await get(`${server.url}/leadership?preview=drafts`);
      expect(visitor.body, `round ${round}`).not.toContain(marker);
      expect(visitor.cacheControl, `round ${round}`).not.toContain('private');
    }

    for (const kind of ['company', 'leaders', 'faq', 'associations', 'seo'] as const) await discardDraft(kind);
  });

  it('shows a leader’s uploaded photo at 160 and 320 px, and the initials for a leader without one', async () => {
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 20, g: 120, b: 160 } } }).jpeg().toBuffer();
    const upload = await fetch(`${server.url}/api/admin/content/leader-photos`, {
      method: 'POST',
      headers: { cookie: adminCookie, 'content-type': 'image/jpeg' },
      body: new Uint8Array(jpeg),
    });
    expect(upload.status).toBe(201);
    const { photo } = (await upload.json()) as { photo: { id: string } };
    await publish('leaders', (leaders) => leaders.map((leader, index): Leader => ({ ...leader, photo: index === 0 ? photo : null })));

    const page = (await get(`${server.url}/leadership`)).body;
    const cards = page.split('<article').slice(1);
    const small = `/media/leader-photos/${photo.id}/160.webp`;
    const large = `/media/leader-photos/${photo.id}/320.webp`;
    expect(cards[0]).toContain(`src="${small}"`);
    expect(cards[0]).toContain(`srcSet="${small} 160w, ${large} 320w"`);
    for (const card of cards.slice(1)) expect(card).not.toContain('/media/leader-photos/');
    // The second leader's initials, as before.
    const second = (await state('leaders')).published[1];
    expect(cards[1]).toMatch(new RegExp(`<span aria-hidden="true"[^>]*>${second?.name.split(/\s+/).map((part) => part[0]).join('').slice(0, 2)}</span>`));
    for (const url of [small, large]) expect((await fetch(`${server.url}${url}`)).status).toBe(200);
    // The e-mail addresses are kept, never sent: not in the page, its data request, nor a preview.
    const leaders = (await state('leaders')).published;
    expect(leaders.every((leader) => leader.email.includes('@'))).toBe(true);
    for (const body of [
      page,
      (await get(`${server.url}/leadership.data`)).body,
      (await get(`${server.url}/leadership?preview=drafts`, adminCookie)).body,
      (await get(`${server.url}/leadership.data?preview=drafts`, adminCookie)).body,
    ]) {
      for (const leader of leaders) expect(body).not.toContain(leader.email);
    }
    const about = jsonLdOf(page).find((data) => data['@type'] === 'AboutPage');
    const employees = (about?.mainEntity as { employee: { image?: string }[] }).employee;
    expect(employees[0]?.image).toBe(`${server.url}${large}`);
    expect(employees[1]?.image).toBeUndefined();
  });

  it('keeps the JSON-LD of every page parseable, and the page whole, whatever staff publish', async () => {
    const tricky = `</script><script>alert(1)</script> "quoted" 'single' back\\slash \\u003c 🚀 עברית ‏مرحبا\u2028next\u2029para <!-- comment --> & done`;
    // For one-line fields (names, titles): no line separators, short enough for every limit.
    const line = `</script><script>alert(1)</script> "q" \\ 🚀 עברית <!-- c -->`;
    await publish('company', (company) => ({ ...company, name: `VPV ${line}`, description: `Description ${tricky}` }));
    await publish('leaders', (leaders) => leaders.map((leader, index): Leader => (index === 1 ? { ...leader, bio: `Bio ${tricky}`, title: `Title ${line}` } : leader)));
    await publish('faq', (faq) => faq.map((entry, index): FaqEntry => (index === 2 ? { ...entry, question: `Question ${line}?`, answer: `Answer ${tricky}` } : entry)));
    await publish('seo', (seo): SeoEntries => ({
      ...seo,
      leadership: { title: `Leaders ${line}`, description: `About ${line}` },
      sitemap: { title: `Sitemap ${line}`, description: seo.sitemap.description },
    }));

    for (const path of PUBLIC_PAGES) {
      const page = await get(`${server.url}${path}`);
      expect(page.status, path).toBe(path === '/no-such-page' ? 404 : 200);
      // No script of ours was opened by the text: every <script> on the page is React Router's or JSON-LD.
      expect(page.body, path).not.toContain('<script>alert(1)</script>');
      expect(page.body, path).not.toContain('<!-- comment -->');
      expect(page.body, path).not.toContain('<!-- c -->');
      // The company's name in the header and the copyright line, as text.
      expect(page.body, path).toContain('VPV &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      for (const data of jsonLdOf(page.body)) expect(data['@context'], path).toBe('https://schema.org');
    }

    // Fresh copies (a hit): the loop above may have been served the previous copy of a page while its fresh one rendered.
    const home = jsonLdOf((await getCached(`${server.url}/`)).body);
    const organization = home.find((data) => data['@type'] === 'Organization');
    expect(organization?.description).toBe(`Description ${tricky}`);
    const leadership = jsonLdOf((await getCached(`${server.url}/leadership`)).body).find((data) => data['@type'] === 'AboutPage');
    expect(leadership?.name).toBe(`Leaders ${line}`);
    const employees = (leadership?.mainEntity as { employee: { description: string; jobTitle: string }[] }).employee;
    expect(employees[1]).toMatchObject({ description: `Bio ${tricky}`, jobTitle: `Title ${line}` });
    const faq = jsonLdOf((await getCached(`${server.url}/knowledge-base?tab=faq`)).body).find((data) => data['@type'] === 'FAQPage');
    const questions = (faq?.mainEntity as { name: string; acceptedAnswer: { text: string } }[])[2];
    expect(questions).toEqual({ '@type': 'Question', name: `Question ${line}?`, acceptedAnswer: { '@type': 'Answer', text: `Answer ${tricky}` } });
    const sitemap = jsonLdOf((await getCached(`${server.url}/sitemap`)).body).find((data) => data['@type'] === 'ItemList');
    expect(sitemap?.name).toBe(`Sitemap ${line}`);
  });
});
