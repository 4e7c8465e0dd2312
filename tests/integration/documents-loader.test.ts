import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocumentsForTab } from '../../app/features/documents/documents.server.ts';
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
});
