import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDocument } from '../../domain/documents/types.ts';
import { createAdmin } from '../../server/services/auth/admins.ts';
import { testDialects } from '../helpers/databases.ts';
import { type DocumentsTestServer, documentsAdmin, startDocumentsServer, storageBackends } from '../helpers/documents-server.ts';
import { expectInvalidInput } from '../helpers/invalid-input.ts';
import { startSecondServer } from '../helpers/server.ts';
import { image, impostors, mp4, office, samplePdf } from '../helpers/sample-files.ts';
import { MiB, type StartedUpload, UploadClient, fileInParts } from '../helpers/uploads-client.ts';
import { tooLargeMessage } from '../../domain/documents/upload-limits.ts';

/**
 * Large documents in parts (docs/documents.md, "Large files"): the companion-style calls of
 * server/api/uploads.ts as Uppy's AWS S3 plugin makes them, on disk (parts PUT to our own
 * signed URLs) and on S3 (s3rver; parts PUT to presigned UploadPart URLs), SQLite and
 * PostgreSQL.
 */

const combinations = testDialects.flatMap((dialect) => storageBackends.map((backend) => [dialect, backend] as const));
const UPLOAD_MAX_BYTES = 12 * MiB;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const metadata = {
  title: 'Trailer walkthrough',
  description: 'The whole tour.',
  category: 'social-content',
  // What Uppy adds to file.meta on its own; ignored.
  name: 'walkthrough.pdf',
  type: 'application/pdf',
  relativePath: null,
};

/** Where each backend keeps unfinished parts: DATA_DIR/multipart, or s3rver's uploads directory. */
function partsRoot(t: DocumentsTestServer): string {
  return t.s3 ? path.dirname(t.s3.partsDir('x')) : path.join(t.server.database.dataDir, 'multipart');
}

function unfinishedUploads(t: DocumentsTestServer): string[] {
  const root = partsRoot(t);
  return fs.existsSync(root) ? fs.readdirSync(root) : [];
}

async function storageUploadId(t: DocumentsTestServer, uploadId: string): Promise<string> {
  const row = await t.server.database.handle.db.selectFrom('uploads').selectAll().where('id', '=', uploadId).executeTakeFirstOrThrow();
  return row.storage_upload_id ?? uploadId;
}

/** Puts a part of `size` bytes straight into storage, sparse (no bytes written): to test limits without sending gigabytes. */
async function injectSparsePart(t: DocumentsTestServer, uploadId: string, partNumber: number, size: number): Promise<string> {
  const etag = `${partNumber}`.padStart(32, 'a');
  if (t.s3) {
    const dir = t.s3.partsDir(await storageUploadId(t, uploadId));
    fs.closeSync(fs.openSync(path.join(dir, String(partNumber)), 'w'));
    fs.truncateSync(path.join(dir, String(partNumber)), size);
    fs.writeFileSync(path.join(dir, `${partNumber}.md5`), etag);
  } else {
    const file = path.join(partsRoot(t), uploadId, `${partNumber}.${etag}`);
    fs.closeSync(fs.openSync(file, 'w'));
    fs.truncateSync(file, size);
  }
  return etag;
}

async function adminDocuments(t: DocumentsTestServer): Promise<AdminDocument[]> {
  const response = await fetch(`${t.url}/api/documents`, { headers: { cookie: t.cookie } });
  return (await response.json()) as AdminDocument[];
}

async function publicDocuments(t: DocumentsTestServer): Promise<{ title: string }[]> {
  return (await (await fetch(`${t.url}/api/documents/public`)).json()) as { title: string }[];
}

describe.each(combinations)('multipart uploads on %s with %s storage', (dialect, backend) => {
  let t: DocumentsTestServer;
  let client: UploadClient;
  beforeAll(async () => {
    t = await startDocumentsServer(dialect, backend, { UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES) });
    client = new UploadClient(t.url, t.cookie);
  });
  afterAll(async () => t?.close());

  it('takes a 6 MiB file in two parts: start, part URLs, list, complete; the document has the metadata and downloads byte-identical', async () => {
    const { whole, parts } = fileInParts(samplePdf(), 6 * MiB, 5 * MiB);
    const upload = await client.start('walkthrough.pdf', metadata, 'application/pdf');
    expect(upload.uploadId).toMatch(UUID);
    // The key is the server's, never the file name.
    expect(upload.key).toMatch(/^documents\/[0-9a-f-]{36}$/);
    const first = await client.putPart(upload, 1, parts[0]!);
    const second = await client.putPart(upload, 2, parts[1]!);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(await client.listParts(upload)).toEqual([
      { PartNumber: 1, ETag: `"${first}"`, Size: 5 * MiB },
      { PartNumber: 2, ETag: `"${second}"`, Size: 1 * MiB },
    ]);
    // Parts stored are not a document yet: nothing half-made shows.
    expect((await adminDocuments(t)).map((document) => document.title)).not.toContain(metadata.title);

    // ETags with or without their quotes, as S3 compares them.
    const response = await client.complete(upload, [
      { PartNumber: 1, ETag: `"${first}"` },
      { PartNumber: 2, ETag: second },
    ]);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { location: string; key: string; documentId: number };
    expect(body).toEqual({ location: `/api/documents/download/${body.documentId}`, key: upload.key, documentId: expect.any(Number) });

    const document = (await adminDocuments(t)).find((candidate) => candidate.id === body.documentId);
    expect(document).toMatchObject({
      title: metadata.title,
      description: metadata.description,
      category: 'social-content',
      originalName: 'walkthrough.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 6 * MiB,
      filename: 'Trailer walkthrough.pdf',
    });
    expect((await publicDocuments(t)).map((item) => item.title)).toContain(metadata.title);
    const download = await fetch(`${t.url}${body.location}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(whole)).toBe(true);

    // Done: the parts are gone; a repeated complete (a lost answer, retried) answers the same.
    expect(unfinishedUploads(t)).toEqual([]);
    expect((await client.list(upload)).status).toBe(404);
    const again = await client.complete(upload, [
      { PartNumber: 1, ETag: first },
      { PartNumber: 2, ETag: second },
    ]);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(body);
    expect((await adminDocuments(t)).filter((candidate) => candidate.title === metadata.title)).toHaveLength(1);
  });

  it('resumes after an interruption: the list shows the parts that arrived whole, and only the missing one is sent again', async () => {
    const { whole, parts } = fileInParts(office('pptx'), 11 * MiB, 5 * MiB);
    const upload = await client.start('deck.pptx', { ...metadata, title: 'Resumed deck' });
    const first = await client.putPart(upload, 1, parts[0]!);
    const third = await client.putPart(upload, 3, parts[2]!);

    // Part 2 breaks off half-way: the connection drops.
    await sendHalfAndDrop(await client.partUrl(upload, 2), parts[1]!);
    await expect.poll(() => unfinishedPartFiles(t, upload), { timeout: 10_000 }).toEqual([]);

    // The page comes back: list, then only the missing part.
    const listed = await client.listParts(upload);
    expect(listed.map((part) => [part.PartNumber, part.ETag])).toEqual([
      [1, `"${first}"`],
      [3, `"${third}"`],
    ]);
    const second = await client.putPart(upload, 2, parts[1]!);
    const response = await client.complete(upload, [
      { PartNumber: 1, ETag: first },
      { PartNumber: 2, ETag: second },
      { PartNumber: 3, ETag: third },
    ]);
    expect(response.status).toBe(200);
    const { location } = (await response.json()) as { location: string };
    const download = await fetch(`${t.url}${location}`);
    expect(download.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
    expect(Buffer.from(await download.arrayBuffer()).equals(whole)).toBe(true);
  });

  it('serves one upload from two processes sharing the database and DATA_DIR; two completes at once make one document', async () => {
    const second = await startSecondServer(t.server, {
      ADMIN_USERNAME: documentsAdmin.username,
      ADMIN_PASSWORD: documentsAdmin.password,
      UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
      ...(t.s3?.env ?? {}),
    });
    try {
      const other = new UploadClient(second.url, t.cookie);
      const { whole, parts } = fileInParts(samplePdf(), 11 * MiB, 5 * MiB);
      const upload = await client.start('shared.pdf', { ...metadata, title: 'Two processes' });
      const etags = [await other.putPart(upload, 1, parts[0]!), await client.putPart(upload, 2, parts[1]!), await other.putPart(upload, 3, parts[2]!)];
      expect((await other.listParts(upload)).map((part) => part.ETag)).toEqual(etags.map((etag) => `"${etag}"`));
      const named = etags.map((etag, index) => ({ PartNumber: index + 1, ETag: etag }));
      const answers = await Promise.all([client.complete(upload, named), other.complete(upload, named)]);
      const statuses = answers.map((answer) => answer.status).sort();
      // One assembles; the other either waited its turn (409, to retry) or came after (the same answer).
      expect([[200, 200], [200, 409]]).toContainEqual(statuses);
      const retried = await other.complete(upload, named);
      expect(retried.status).toBe(200);
      const { location } = (await retried.json()) as { location: string };
      expect((await adminDocuments(t)).filter((document) => document.title === 'Two processes')).toHaveLength(1);
      expect(Buffer.from(await (await fetch(`${second.url}${location}`)).arrayBuffer()).equals(whole)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('aborts: DELETE removes the parts, and the upload is 404 from then on', async () => {
    const upload = await client.start('cancelled.pdf', metadata);
    await client.putPart(upload, 1, fileInParts(samplePdf(), 5 * MiB, 5 * MiB).parts[0]!);
    const partUrl = await client.partUrl(upload, 2);
    expect(unfinishedUploads(t)).not.toEqual([]);

    expect((await client.abort(upload)).status).toBe(204);
    expect(unfinishedUploads(t)).toEqual([]);
    expect((await client.list(upload)).status).toBe(404);
    expect((await client.request('GET', `/s3/multipart/${upload.uploadId}/2?key=${upload.key}`)).status).toBe(404);
    expect((await client.complete(upload, [{ PartNumber: 1, ETag: 'x' }])).status).toBe(404);
    expect((await client.abort(upload)).status).toBe(404);
    // A part URL handed out before: nothing to store into any more.
    const late = await fetch(new URL(partUrl, t.url), { method: 'PUT', body: new Uint8Array(16) });
    expect(late.ok).toBe(false);
    expect(unfinishedUploads(t)).toEqual([]);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413 at complete, and deletes it', async () => {
    const { parts } = fileInParts(samplePdf(), 13 * MiB, 5 * MiB);
    const before = await t.objectKeys();
    const { upload, response } = await client.upload('big.pdf', { ...metadata, title: 'Too big' }, parts);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe('The file is larger than the upload limit of 12 MiB.');
    expect((await client.list(upload)).status).toBe(404);
    expect(unfinishedUploads(t)).toEqual([]);
    expect(await t.objectKeys()).toEqual(before);
    expect((await adminDocuments(t)).map((document) => document.title)).not.toContain('Too big');
  });

  it('checks the type from the first bytes, as the single-request upload does: 415 and deleted', async () => {
    const before = await t.objectKeys();
    for (const bytes of [impostors.htmlAsPng, impostors.plainZip, fileInParts(impostors.svg, 6 * MiB, 5 * MiB).whole]) {
      const parts = bytes.length > 5 * MiB ? [bytes.subarray(0, 5 * MiB), bytes.subarray(5 * MiB)] : [bytes];
      const { upload, response } = await client.upload('photo.png', { ...metadata, title: 'Impostor' }, parts);
      expect(response.status).toBe(415);
      expect(((await response.json()) as { message: string }).message).toMatch(/^This file type is not allowed/);
      expect((await client.list(upload)).status).toBe(404);
    }
    expect(unfinishedUploads(t)).toEqual([]);
    expect(await t.objectKeys()).toEqual(before);
    expect((await adminDocuments(t)).map((document) => document.title)).not.toContain('Impostor');

    // Images and MP4 pass, in one small part (the last part may be small).
    for (const bytes of [await image('png'), mp4()]) {
      const { response } = await client.upload('ok.bin', { ...metadata, title: 'Small one' }, [bytes]);
      expect(response.status).toBe(200);
    }
  });

  it('checks the parts complete names against what is stored, and keeps the upload for a corrected complete', async () => {
    const { parts } = fileInParts(samplePdf(), 7 * MiB, 1 * MiB);
    const upload = await client.start('small-parts.pdf', { ...metadata, title: 'Small parts' });
    const first = await client.putPart(upload, 1, parts[0]!);
    const second = await client.putPart(upload, 2, parts[1]!);
    const cases: [{ PartNumber: number; ETag: string }[], RegExp][] = [
      [[{ PartNumber: 1, ETag: 'f'.repeat(32) }], /^Part 1 is not stored with that ETag/],
      [[{ PartNumber: 3, ETag: first }], /^Part 3 is not stored/],
      [
        [
          { PartNumber: 2, ETag: second },
          { PartNumber: 1, ETag: first },
        ],
        /ascending order/,
      ],
      [
        [
          { PartNumber: 1, ETag: first },
          { PartNumber: 1, ETag: first },
        ],
        /ascending order/,
      ],
      [
        [
          { PartNumber: 1, ETag: first },
          { PartNumber: 2, ETag: second },
        ],
        /^Part 1 has 1048576 bytes: every part but the last needs at least 5 MiB/,
      ],
    ];
    for (const [named, message] of cases) {
      const body = await expectInvalidInput(await client.complete(upload, named), ['parts']);
      expect(body.message).toMatch(message);
    }
    // Still there, still completable with parts that are right: part 1 alone.
    expect((await client.listParts(upload)).length).toBe(2);
    const response = await client.complete(upload, [{ PartNumber: 1, ETag: first }]);
    expect(response.status).toBe(200);
  });

  it('answers 400 with a message for bad JSON, missing fields and part numbers out of range', async () => {
    const upload = await client.start('fields.pdf', metadata);
    const key = encodeURIComponent(upload.key);
    await expectInvalidInput(await client.request('POST', '/s3/multipart', '{"filename": '), []);
    await expectInvalidInput(await client.request('POST', '/s3/multipart', { type: 'application/pdf', metadata }), ['filename']);
    await expectInvalidInput(await client.request('POST', '/s3/multipart', { filename: 'a\u0000.pdf', metadata }), ['filename']);
    await expectInvalidInput(await client.request('POST', '/s3/multipart', { filename: 'a.pdf', metadata: 'title' }), ['metadata']);
    const noTitle = await expectInvalidInput(
      await client.request('POST', '/s3/multipart', { filename: 'a.pdf', metadata: { category: 'faq' } }),
      ['title'],
    );
    expect(noTitle.message).toBe('Please enter a title for the document.');
    const noCategory = await expectInvalidInput(
      await client.request('POST', '/s3/multipart', { filename: 'a.pdf', metadata: { title: 'x' } }),
      ['category'],
    );
    expect(noCategory.message).toBe('Please select a category.');
    for (const partNumber of ['0', '10001', 'abc', '1.5']) {
      await expectInvalidInput(await client.request('GET', `/s3/multipart/${upload.uploadId}/${partNumber}?key=${key}`), ['partNumber']);
    }
    await expectInvalidInput(await client.request('GET', `/s3/multipart/${upload.uploadId}`), ['key']);
    await expectInvalidInput(await client.request('POST', `/s3/multipart/${upload.uploadId}/complete?key=${key}`, { parts: 'all' }), ['parts']);
    await expectInvalidInput(await client.request('POST', `/s3/multipart/${upload.uploadId}/complete?key=${key}`, { parts: [] }), ['parts']);
    await expectInvalidInput(
      await client.request('POST', `/s3/multipart/${upload.uploadId}/complete?key=${key}`, { parts: [{ PartNumber: 10_001, ETag: 'x' }] }),
      ['parts'],
    );
    await expectInvalidInput(await client.request('POST', `/s3/multipart/${upload.uploadId}/complete?key=${key}`, '[1,'), []);
    // Not JSON at all.
    const text = await fetch(`${t.url}/api/uploads/s3/multipart`, {
      method: 'POST',
      headers: { cookie: t.cookie, 'content-type': 'text/plain' },
      body: 'filename=a.pdf',
    });
    expect(text.status).toBe(415);
    // The upload is untouched by all that.
    expect((await client.list(upload)).status).toBe(200);
  });

  it("is 404 for an upload id or key that is not ours, or another admin's upload", async () => {
    const upload = await client.start('mine.pdf', metadata);
    await client.putPart(upload, 1, samplePdf());
    const otherKey = { ...upload, key: 'documents/00000000-0000-4000-8000-000000000000' };
    const unknownId = { ...upload, uploadId: '00000000-0000-4000-8000-000000000000' };
    const notAnId = { ...upload, uploadId: '..%2F..%2Fobjects' };
    await createAdmin(t.server.database.handle.db, 'other-admin', 'another long password');
    const login = await fetch(`${t.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'other-admin', password: 'another long password' }),
    });
    const other = new UploadClient(t.url, (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '');

    for (const [who, target] of [
      [client, otherKey],
      [client, unknownId],
      [client, notAnId],
      [other, upload],
    ] as const) {
      const encodedKey = encodeURIComponent(target.key);
      expect((await who.list(target)).status).toBe(404);
      expect((await who.request('GET', `/s3/multipart/${target.uploadId}/1?key=${encodedKey}`)).status).toBe(404);
      expect((await who.complete(target, [{ PartNumber: 1, ETag: 'x' }])).status).toBe(404);
      expect((await who.abort(target)).status).toBe(404);
    }
    // Still intact for its owner.
    expect((await client.listParts(upload)).length).toBe(1);
  });

  it('answers 401 to a visitor on every call, and s3/sts 501 with a reason to an admin', async () => {
    const upload = await client.start('guarded.pdf', metadata);
    const visitor = new UploadClient(t.url, '');
    const key = encodeURIComponent(upload.key);
    for (const [method, route, body] of [
      ['POST', '/s3/multipart', { filename: 'a.pdf', type: 'application/pdf', metadata }],
      ['GET', `/s3/multipart/${upload.uploadId}?key=${key}`],
      ['GET', `/s3/multipart/${upload.uploadId}/1?key=${key}`],
      ['POST', `/s3/multipart/${upload.uploadId}/complete?key=${key}`, { parts: [{ PartNumber: 1, ETag: 'x' }] }],
      ['DELETE', `/s3/multipart/${upload.uploadId}?key=${key}`],
      ['GET', `/s3/params?filename=a.pdf&type=application%2Fpdf&metadata[title]=x&metadata[category]=faq`],
      ['POST', `/s3/params/complete?key=uploads%2F${upload.uploadId}`],
      ['GET', '/s3/sts'],
    ] as const) {
      const response = await visitor.request(method, route, body);
      expect(response.status, `${method} ${route}`).toBe(401);
    }
    const sts = await client.request('GET', '/s3/sts');
    expect(sts.status).toBe(501);
    expect(((await sts.json()) as { message: string }).message).toMatch(/does not hand out temporary storage credentials/);
    // A foreign page cannot start one either (the API's same-origin guard).
    const crossSite = await fetch(`${t.url}/api/uploads/s3/multipart`, {
      method: 'POST',
      headers: { cookie: t.cookie, 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ filename: 'a.pdf', metadata }),
    });
    expect(crossSite.status).toBe(403);
    expect((await client.list(upload)).status).toBe(200);
  });

  it('s3/params: a signed single-request POST form, then its complete makes the document; the target cannot replace it afterwards', async () => {
    const pdf = samplePdf();
    const query = new URLSearchParams({
      filename: 'brochure.pdf',
      type: 'application/pdf',
      'metadata[title]': 'One-request brochure',
      'metadata[category]': 'articles',
      'metadata[description]': 'Sent in one go.',
    });
    const params = await client.request('GET', `/s3/params?${query}`);
    expect(params.status).toBe(200);
    const target = (await params.json()) as { method: string; url: string; fields: Record<string, string>; expires: number };
    expect(target.method).toBe('POST');
    expect(target.url).toMatch(/^https?:\/\//);
    expect(target.fields.key).toMatch(/^uploads\/[0-9a-f-]{36}$/);
    const post = await postForm(target, pdf);
    expect([200, 201, 204]).toContain(post.status);
    expect(post.headers.get('etag')).toMatch(/^"?[0-9a-f]{32}"?$/);
    // On S3 (the browser posted straight to the bucket) not a document until completed; on
    // disk our own server received the form and completed it at once (docs/documents.md).
    expect((await adminDocuments(t)).map((document) => document.title).includes('One-request brochure')).toBe(backend === 'disk');

    const complete = await client.request('POST', `/s3/params/complete?key=${encodeURIComponent(target.fields.key!)}`);
    expect(complete.status).toBe(200);
    const body = (await complete.json()) as { location: string; key: string; documentId: number };
    expect(body.key).toMatch(/^documents\/[0-9a-f-]{36}$/);
    const document = (await adminDocuments(t)).find((candidate) => candidate.id === body.documentId);
    expect(document).toMatchObject({ title: 'One-request brochure', description: 'Sent in one go.', category: 'articles', sizeBytes: pdf.length });

    // The same target, still unexpired, only reaches uploads/ again: the document keeps its checked bytes.
    await postForm(target, impostors.htmlAsPng);
    const download = await fetch(`${t.url}${body.location}`);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await client.request('POST', `/s3/params/complete?key=${encodeURIComponent(target.fields.key!)}`)).status).toBe(200);

    // Refusals: nothing sent yet (400, kept), a type we do not take (415, deleted).
    const second = (await (await client.request('GET', `/s3/params?${query}`)).json()) as typeof target;
    const early = await client.request('POST', `/s3/params/complete?key=${encodeURIComponent(second.fields.key!)}`);
    expect((await expectInvalidInput(early, ['parts'])).message).toMatch(/has not arrived/);
    const refusedPost = await postForm(second, impostors.phpAsPdf);
    const refused =
      backend === 'disk' ? refusedPost : await client.request('POST', `/s3/params/complete?key=${encodeURIComponent(second.fields.key!)}`);
    expect(refused.status).toBe(415);
    expect((await t.objectKeys()).filter((key) => key === second.fields.key)).toEqual([]);
  });

  it('complete takes the document\'s fields: a resumed upload whose title changed needs no second call; bad ones are refused as at start', async () => {
    const { parts } = fileInParts(samplePdf(), 6 * MiB, 5 * MiB);
    const upload = await client.start('renamed.pdf', metadata);
    const etags = [];
    for (const [index, bytes] of parts.entries()) etags.push({ PartNumber: index + 1, ETag: await client.putPart(upload, index + 1, bytes) });
    const completeUrl = `/s3/multipart/${upload.uploadId}/complete?${new URLSearchParams({ key: upload.key })}`;
    // Checked exactly as start checks them, and the upload stays to be completed again.
    await expectInvalidInput(await client.request('POST', completeUrl, { parts: etags, category: 'nonsense' }), ['category']);
    await expectInvalidInput(await client.request('POST', completeUrl, { parts: etags, title: '' }), ['title']);
    const response = await client.request('POST', completeUrl, { parts: etags, title: 'Renamed while paused', description: '' });
    expect(response.status).toBe(200);
    const { documentId } = (await response.json()) as { documentId: number };
    // Title and description from complete; the category it did not name, from start.
    expect((await adminDocuments(t)).find((document) => document.id === documentId)).toMatchObject({
      title: 'Renamed while paused',
      description: null,
      category: metadata.category,
    });

    // s3/params/complete too, with or without a body.
    const query = new URLSearchParams({ filename: 'one.pdf', type: 'application/pdf', 'metadata[title]': 'Start title', 'metadata[category]': 'faq' });
    const target = (await (await client.request('GET', `/s3/params?${query}`)).json()) as { url: string; fields: Record<string, string> };
    if (backend === 's3') {
      expect((await postForm(target, samplePdf())).status).toBe(201);
      const single = await client.request('POST', `/s3/params/complete?key=${encodeURIComponent(target.fields.key!)}`, { title: 'Complete title' });
      expect(single.status).toBe(200);
      const { documentId: singleId } = (await single.json()) as { documentId: number };
      expect((await adminDocuments(t)).find((document) => document.id === singleId)).toMatchObject({ title: 'Complete title', category: 'faq' });
    }
  });

  it.runIf(backend === 'disk')('with disk storage, the @uppy/aws-s3 plugin\'s own single-request calls make the document, and its uploadURL leads to it', async () => {
    const pdf = samplePdf();
    // What the plugin (v6, companion mode) sends: GET {companionUrl}/s3/params?filename&type&metadata[…] …
    const query = new URLSearchParams({
      filename: 'plugin.pdf',
      type: 'application/pdf',
      'metadata[name]': 'plugin.pdf',
      'metadata[type]': 'application/pdf',
      'metadata[title]': 'Sent by the plugin',
      'metadata[category]': 'faq',
      'metadata[description]': 'Two calls only.',
    });
    const params = await client.request('GET', `/s3/params?${query}`);
    const { url, fields } = (await params.json()) as { url: string; fields: Record<string, string> };
    // … then the form of the returned fields with `file` last, to the returned url, no cookie.
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'plugin.pdf');
    const post = await fetch(url, { method: 'POST', body: form });
    expect(post.status).toBe(201);
    expect(post.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const { documentId, location } = (await post.json()) as { documentId: number; location: string };
    expect((await adminDocuments(t)).find((document) => document.id === documentId)).toMatchObject({
      title: 'Sent by the plugin',
      description: 'Two calls only.',
      category: 'faq',
      originalName: 'plugin.pdf',
      sizeBytes: pdf.length,
    });
    // The plugin's uploadURL: url + "/" + key (its postObjectLocation), which leads to the file.
    const uploadURL = `${url.replace(/\/+$/, '')}/${fields.key}`;
    const redirect = await fetch(uploadURL, { redirect: 'manual' });
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get('location')).toBe(location);
    const download = await fetch(uploadURL);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    // The explicit complete the browser helper still sends answers the same.
    const complete = await client.request('POST', `/s3/params/complete?key=${encodeURIComponent(fields.key!)}`);
    expect(((await complete.json()) as { documentId: number }).documentId).toBe(documentId);
    // An upload not (yet) a document has no such URL.
    expect((await fetch(`${url}/uploads/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it.runIf(backend === 'disk')('disk part URLs: the signature is the permission, the size is bounded, the ETag is the MD5', async () => {
    const upload = await client.start('signed.pdf', metadata);
    const url = new URL(await client.partUrl(upload, 1));
    expect(url.pathname).toBe(`/api/uploads/parts/${upload.uploadId}/1`);
    const tampered = new URL(url);
    tampered.searchParams.set('max', String(Number(url.searchParams.get('max')) + 1));
    expect((await fetch(tampered, { method: 'PUT', body: new Uint8Array(8) })).status).toBe(403);
    const otherPart = new URL(url);
    otherPart.pathname = `/api/uploads/parts/${upload.uploadId}/2`;
    expect((await fetch(otherPart, { method: 'PUT', body: new Uint8Array(8) })).status).toBe(403);
    // Over the limit: declared, refused before reading.
    const tooLarge = await fetch(url, { method: 'PUT', body: new Uint8Array(UPLOAD_MAX_BYTES + 1) });
    expect(tooLarge.status).toBe(413);
    const put = await fetch(url, { method: 'PUT', body: new Uint8Array(samplePdf()) });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBe(`"${(await import('node:crypto')).createHash('md5').update(samplePdf()).digest('hex')}"`);
    expect(fs.readdirSync(path.join(partsRoot(t), upload.uploadId))).toEqual([`1.${put.headers.get('etag')!.replaceAll('"', '')}`]);
  });

  it.runIf(backend === 'disk')('disk signed PUTs and form: a body that grows past its limit is 413 and kept nowhere, a busy or gone upload 409 or 404, a bad form signature 403', async () => {
    // A part without Content-Length (chunked) is counted while it streams, and read to its end for the answer.
    const upload = await client.start('chunked.pdf', metadata);
    const url = new URL(await client.partUrl(upload, 1));
    const chunked = await fetch(url, { method: 'PUT', body: bytesStream(UPLOAD_MAX_BYTES + 1), duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(((await chunked.json()) as { message: string }).message).toBe(tooLargeMessage(UPLOAD_MAX_BYTES));
    expect(await client.listParts(upload)).toEqual([]);
    expect(fs.readdirSync(path.join(partsRoot(t), upload.uploadId))).toEqual([]);
    // Held by a complete: its parts may not change. Aborted: gone.
    const db = t.server.database.handle.db;
    await db.updateTable('uploads').set({ state: 'completing', claimed_at: Date.now() }).where('id', '=', upload.uploadId).execute();
    expect((await fetch(url, { method: 'PUT', body: new Uint8Array(8) })).status).toBe(409);
    await db.updateTable('uploads').set({ state: 'open', claimed_at: null }).where('id', '=', upload.uploadId).execute();
    expect((await client.abort(upload)).status).toBe(204);
    expect((await fetch(url, { method: 'PUT', body: new Uint8Array(8) })).status).toBe(404);

    // The form: its signature is the permission, its file counted against the single-request limit.
    const query = new URLSearchParams({ filename: 'big.pdf', type: 'application/pdf', 'metadata[title]': 'Form limits', 'metadata[category]': 'faq' });
    const target = (await (await client.request('GET', `/s3/params?${query}`)).json()) as { url: string; fields: Record<string, string> };
    expect((await postForm({ ...target, fields: { ...target.fields, signature: 'A'.repeat(43) } }, samplePdf())).status).toBe(403);
    const big = fileInParts(samplePdf(), UPLOAD_MAX_BYTES + 1, UPLOAD_MAX_BYTES + 1).whole;
    const tooLarge = await postForm(target, big);
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { message: string }).message).toBe(tooLargeMessage(UPLOAD_MAX_BYTES));
    expect((await t.objectKeys()).filter((key) => key === target.fields.key)).toEqual([]);
    // Once it made a document, the same form stores nothing more.
    expect((await postForm(target, samplePdf())).status).toBe(201);
    expect((await postForm(target, samplePdf())).status).toBe(404);
  });

  it('sweeps uploads left unfinished for a day (and abandoned carousel uploads), not younger ones', async () => {
    const old = await client.start('old.pdf', metadata);
    await client.putPart(old, 1, samplePdf());
    const carousel = await fetch(`${t.url}/api/objects/upload`, { method: 'POST', headers: { cookie: t.cookie } });
    const { uploadURL } = (await carousel.json()) as { uploadURL: string };
    expect((await fetch(new URL(uploadURL, t.url), { method: 'PUT', body: new Uint8Array(await image('png')) })).status).toBe(200);
    const carouselKey = /uploads\/[0-9a-f-]{36}/.exec(uploadURL)![0];
    expect(await t.objectKeys()).toContain(carouselKey);

    // An hour later nothing goes.
    const uploads = t.server.services.uploads;
    expect(await uploads.sweep(Date.now() + 60 * 60_000)).toMatchObject({ unfinished: 0, staleObjects: 0 });
    expect((await client.list(old)).status).toBe(200);

    // A day and a bit later: the upload with its parts, and the carousel upload never accepted.
    const result = await uploads.sweep(Date.now() + 25 * 60 * 60_000);
    expect(result.unfinished).toBeGreaterThanOrEqual(1);
    expect(result.staleObjects).toBeGreaterThanOrEqual(1);
    expect((await client.list(old)).status).toBe(404);
    expect(unfinishedUploads(t)).toEqual([]);
    expect((await t.objectKeys()).filter((key) => key.startsWith('uploads/'))).toEqual([]);
    // Documents stay.
    expect((await adminDocuments(t)).map((document) => document.title)).toContain(metadata.title);
    const download = await fetch(`${t.url}/api/documents/download/${(await adminDocuments(t)).find((d) => d.title === metadata.title)!.id}`);
    expect(download.status).toBe(200);
  });

  it.runIf(backend === 'disk')('sweeps part directories no row knows of', async () => {
    const orphan = path.join(partsRoot(t), '11111111-1111-4111-8111-111111111111');
    fs.mkdirSync(orphan, { recursive: true });
    fs.writeFileSync(path.join(orphan, `1.${'a'.repeat(32)}`), 'x');
    expect((await t.server.services.uploads.sweep(Date.now() + 25 * 60 * 60_000)).orphans).toBe(1);
    expect(fs.existsSync(orphan)).toBe(false);
  });
});

describe.each(combinations)('uploads with the default settings on %s with %s storage', (dialect, backend) => {
  let t: DocumentsTestServer;
  let client: UploadClient;
  beforeAll(async () => {
    t = await startDocumentsServer(dialect, backend, { UPLOAD_SWEEP_INTERVAL_MS: '200' });
    client = new UploadClient(t.url, t.cookie);
  });
  afterAll(async () => t?.close());

  it('limits a document to 5 GiB: parts adding up to a byte more are refused (413) and removed', async () => {
    expect(t.server.services.config.uploadMaxBytes).toBe(5 * 1024 ** 3);
    const upload = await client.start('huge.mp4', { ...metadata, title: 'Huge video' });
    await client.putPart(upload, 1, fileInParts(mp4(), 5 * MiB, 5 * MiB).whole);
    const first = (await client.listParts(upload))[0]!.ETag;
    // Sizes only: the parts are sparse files in storage, so no gigabytes are sent or written.
    const second = await injectSparsePart(t, upload.uploadId, 2, 5 * 1024 ** 3 - 5 * MiB - 1024);
    const third = await injectSparsePart(t, upload.uploadId, 3, 1025);
    const response = await client.complete(upload, [
      { PartNumber: 1, ETag: first },
      { PartNumber: 2, ETag: second },
      { PartNumber: 3, ETag: third },
    ]);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe('The file is larger than the upload limit of 5 GiB.');
    expect((await client.list(upload)).status).toBe(404);
  });

  it('sweeps on its own, in the background of the server', async () => {
    const upload = await client.start('forgotten.pdf', metadata);
    await client.putPart(upload, 1, samplePdf());
    // Started a day and a bit ago.
    await t.server.database.handle.db
      .updateTable('uploads')
      .set({ created_at: Date.now() - 25 * 60 * 60_000 })
      .where('id', '=', upload.uploadId)
      .execute();
    await expect.poll(() => unfinishedUploads(t), { timeout: 10_000, interval: 100 }).toEqual([]);
    expect((await client.list(upload)).status).toBe(404);
  });
});

/** Starts a PUT of `bytes` to `url`, sends half of them and drops the connection. */
function sendHalfAndDrop(url: string, bytes: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(url, { method: 'PUT', headers: { 'content-length': String(bytes.length) } });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(bytes.subarray(0, bytes.length / 2), () => {
      setTimeout(() => request.destroy(), 50);
    });
  });
}

/** Temporary files of parts being written (disk), or parts s3rver has not finished (no .md5 yet): none once an interruption is handled. */
function unfinishedPartFiles(t: DocumentsTestServer, upload: StartedUpload): string[] {
  if (t.s3) return [];
  const dir = path.join(partsRoot(t), upload.uploadId);
  return fs.readdirSync(dir).filter((name) => name.startsWith('.tmp-'));
}

/** The browser's POST of a single-request form: the fields, then the file last (as Uppy and S3 want). */
/** `size` bytes as a stream of 1 MiB chunks: fetch sends it without Content-Length. */
function bytesStream(size: number): ReadableStream<Uint8Array> {
  let left = size;
  return new ReadableStream({
    pull(controller) {
      const chunk = new Uint8Array(Math.min(MiB, left));
      left -= chunk.length;
      controller.enqueue(chunk);
      if (left === 0) controller.close();
    },
  });
}

function postForm(target: { url: string; fields: Record<string, string> }, bytes: Buffer): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.set(name, value);
  form.set('file', new Blob([new Uint8Array(bytes)]), 'file.pdf');
  return fetch(target.url, { method: 'POST', body: form });
}
