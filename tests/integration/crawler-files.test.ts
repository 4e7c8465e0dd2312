import { pages } from '@content/pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../helpers/server.ts';

const siteUrl = 'https://www.vpv.example';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('sqlite', { SITE_URL: siteUrl });
});
afterAll(async () => server?.close());

describe('/sitemap.xml', () => {
  it('lists every page of content/pages.ts as an absolute URL on SITE_URL', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(Object.values(pages).map((page) => `${siteUrl}${page.path}`));
  });
});

describe('/robots.txt', () => {
  it('allows crawling, keeps crawlers out of the API and names the sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  });
});
