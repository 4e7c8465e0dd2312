import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDocumentsForTab } from '../../app/features/documents/document-list.server.ts';
import { createRequestContext } from '../../server/context.ts';
import { testDialects } from '../helpers/databases.ts';
import { type DocumentsTestServer, startDocumentsServer } from '../helpers/documents-server.ts';

describe.each(testDialects)('server-rendered document lists on %s', (dialect) => {
  let t: DocumentsTestServer;
  beforeAll(async () => {
    t = await startDocumentsServer(dialect, 'disk');
  });
  afterAll(async () => t?.close());

  const visitor = () => createRequestContext(t.server.services, { cookie: undefined, nonce: '' });
  const admin = () => createRequestContext(t.server.services, { cookie: t.cookie, nonce: '' });

  it('gives a document tab its list, the way the API does', async () => {
    const data = await loadDocumentsForTab(visitor(), 'spec-sheets');
    expect(data?.category).toBe('spec-sheets');
    expect(data?.documents?.map((document) => document.title)).toEqual(['VPV Energy Company Brochure', 'LNG Cryogenic Trailer Spec Sheet']);
    expect(data?.documents?.[0]).toMatchObject({ fileName: 'VPV Energy Company Brochure.pdf', mimeType: 'application/pdf' });
    expect((await loadDocumentsForTab(visitor(), 'social-content'))?.documents).toEqual([]);
  });

  it('gives nothing for tabs without documents, and All Documents only to an admin', async () => {
    for (const tab of ['glossary', 'calculators', 'faq', 'nonsense']) expect(await loadDocumentsForTab(visitor(), tab)).toBeNull();
    expect(await loadDocumentsForTab(visitor(), 'all')).toBeNull();
    const all = await loadDocumentsForTab(admin(), 'all');
    expect(all?.documents?.length).toBe(5);
  });

  it('renders a tab whose list could not be loaded with the failure and a way to try again, not an error page', async () => {
    const failing = vi.spyOn(t.server.services.documents, 'listPublic').mockRejectedValue(new Error('database down'));
    try {
      expect(await loadDocumentsForTab(visitor(), 'articles')).toEqual({ category: 'articles', documents: null });
      const page = await fetch(`${t.url}/knowledge-base?tab=articles`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('The documents could not be loaded.');
      expect(html).toMatch(/<button[^>]*>Try again<\/button>/);
    } finally {
      failing.mockRestore();
    }
    // Revalidating (as every change and Try again do) runs the same loader, which lists them again.
    const html = await (await fetch(`${t.url}/knowledge-base?tab=articles`)).text();
    expect(html).not.toContain('The documents could not be loaded.');
    expect(html).toContain('How a Virtual Pipeline Delivers Gas Where Pipes Do Not Reach');
  });
});
