import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocumentsForTab } from '../../app/features/documents/documents.server.ts';
import { testDialects } from '../helpers/databases.ts';
import { type DocumentsTestServer, startDocumentsServer } from '../helpers/documents-server.ts';

describe.each(testDialects)('server-rendered document lists on %s', (dialect) => {
  let t: DocumentsTestServer;
  let context: AppLoadContext;
  beforeAll(async () => {
    t = await startDocumentsServer(dialect, 'disk');
    context = { services: t.server.services } as AppLoadContext;
  });
  afterAll(async () => t?.close());

  const visitor = () => new Request(`${t.url}/knowledge-base`);
  const admin = () => new Request(`${t.url}/knowledge-base`, { headers: { cookie: t.cookie } });

  it('gives a document tab its list, the way the API does', async () => {
    const data = await loadDocumentsForTab(context, visitor(), 'spec-sheets');
    expect(data?.category).toBe('spec-sheets');
    expect(data?.documents?.map((document) => document.title)).toEqual(['VPV Energy Company Brochure', 'LNG Cryogenic Trailer Spec Sheet']);
    expect(data?.documents?.[0]).toMatchObject({ fileName: 'VPV Energy Company Brochure.pdf', mimeType: 'application/pdf' });
    expect((await loadDocumentsForTab(context, visitor(), 'social-content'))?.documents).toEqual([]);
  });

  it('gives nothing for tabs without documents, and All Documents only to an admin', async () => {
    for (const tab of ['glossary', 'calculators', 'faq', 'nonsense']) expect(await loadDocumentsForTab(context, visitor(), tab)).toBeNull();
    expect(await loadDocumentsForTab(context, visitor(), 'all')).toBeNull();
    const all = await loadDocumentsForTab(context, admin(), 'all');
    expect(all?.documents?.length).toBe(5);
  });
});
