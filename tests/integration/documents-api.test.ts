import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentMessages } from '../../domain/documents/rules.ts';
import type { AdminDocument, PublicDocument } from '../../domain/documents/types.ts';
import { sampleDocuments } from '../../content/sample-documents.ts';
import { testDialects } from '../helpers/databases.ts';
import { expectInvalidInput } from '../helpers/invalid-input.ts';
import { type DocumentsTestServer, startDocumentsServer, storageBackends } from '../helpers/documents-server.ts';
import { image, impostors, mp4, office, samplePdf } from '../helpers/sample-files.ts';

/** Small, so the oversized-file paths are cheap to reach. */
const UPLOAD_MAX_BYTES = 8192;

const combinations = testDialects.flatMap((dialect) => storageBackends.map((backend) => [dialect, backend] as const));

describe.each(combinations)('documents API on %s with %s storage', (dialect, backend) => {
  let t: DocumentsTestServer;
  beforeAll(async () => {
    t = await startDocumentsServer(dialect, backend, { UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES) });
  });
  afterAll(async () => t?.close());

  const request = (method: string, path: string, init: RequestInit & { asAdmin?: boolean; cookie?: string } = {}) => {
    const { asAdmin = true, cookie, headers, ...rest } = init;
    const sent = new Headers(headers);
    if (asAdmin || cookie) sent.set('cookie', cookie ?? t.cookie);
    return fetch(`${t.url}${path}`, { method, ...rest, headers: sent });
  };

  interface UploadForm {
    file?: { bytes: Buffer; name: string; type?: string } | null;
    title?: string;
    description?: string;
    category?: string;
    fieldsAfterFile?: boolean;
  }

  const upload = (form: UploadForm, init: { asAdmin?: boolean; cookie?: string } = {}) => {
    const body = new FormData();
    const addFields = () => {
      if (form.title !== undefined) body.append('title', form.title);
      if (form.description !== undefined) body.append('description', form.description);
      if (form.category !== undefined) body.append('category', form.category);
    };
    if (!form.fieldsAfterFile) addFields();
    if (form.file) body.append('file', new Blob([new Uint8Array(form.file.bytes)], { type: form.file.type ?? 'application/octet-stream' }), form.file.name);
    if (form.fieldsAfterFile) addFields();
    return request('POST', '/api/documents/upload', { body, ...init });
  };

  const pdfForm = (extra: Partial<UploadForm> = {}): UploadForm => ({
    file: { bytes: samplePdf(), name: 'netback.pdf', type: 'application/pdf' },
    title: 'Netback note',
    description: 'A short note',
    category: 'infographics',
    ...extra,
  });

  const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;
  const documentKeys = async () => (await t.objectKeys()).filter((key) => key.startsWith('documents/'));

  describe('reading', () => {
    it('starts with the sample documents, newest first, in their categories', async () => {
      const response = await request('GET', '/api/documents/public', { asAdmin: false });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toBeNull();
      const documents = (await response.json()) as PublicDocument[];
      expect(documents.map((document) => document.title).sort()).toEqual(sampleDocuments.map((sample) => sample.title).sort());
      const specSheets = (await (await request('GET', '/api/documents/public?category=spec-sheets', { asAdmin: false })).json()) as PublicDocument[];
      expect(specSheets.map((document) => document.title)).toEqual(['VPV Energy Company Brochure', 'LNG Cryogenic Trailer Spec Sheet']);
      expect(Object.keys(specSheets[0] ?? {}).sort()).toEqual(
        ['carouselImages', 'category', 'createdAt', 'description', 'fileName', 'id', 'mimeType', 'sizeBytes', 'title', 'updatedAt', 'updatedBy', 'version'].sort(),
      );
      expect(specSheets[0]).toMatchObject({
        fileName: 'VPV Energy Company Brochure.pdf',
        category: 'spec-sheets',
        carouselImages: [],
        mimeType: 'application/pdf',
      });
      expect(new Date(specSheets[0]?.createdAt ?? '').toISOString()).toBe(specSheets[0]?.createdAt);
    });

    it('answers 400 for an unknown category', async () => {
      const response = await request('GET', '/api/documents/public?category=recipes', { asAdmin: false });
      expect(response.status).toBe(400);
      expect((await expectInvalidInput(response, ['category'])).message).toBe('Unknown category.');
    });

    it('gives the admin every document with the admin fields', async () => {
      const response = await request('GET', '/api/documents');
      expect(response.status).toBe(200);
      const documents = (await response.json()) as AdminDocument[];
      expect(documents.length).toBeGreaterThanOrEqual(sampleDocuments.length);
      expect(Object.keys(documents[0] ?? {}).sort()).toEqual(
        [
          'carouselImages',
          'category',
          'description',
          'filename',
          'id',
          'mimeType',
          'originalName',
          'sizeBytes',
          'title',
          'uploadedAt',
          'updatedAt',
          'updatedBy',
          'version',
        ].sort(),
      );
    });
  });

  describe('access', () => {
    const adminCalls = (id: number) =>
      [
        ['GET', '/api/documents', undefined],
        ['PUT', `/api/documents/${id}`, JSON.stringify({ title: 'x', category: 'articles', carouselImages: [] })],
        ['DELETE', `/api/documents/${id}`, undefined],
        ['POST', '/api/objects/upload', undefined],
        ['PUT', '/api/carousel-images', JSON.stringify({ imageURL: '/api/objects/put/uploads/x' })],
      ] as const;

    async function expectRefused(cookie: string | undefined) {
      const [first] = (await (await request('GET', '/api/documents/public', { asAdmin: false })).json()) as PublicDocument[];
      const id = first?.id ?? 1;
      for (const [method, path, body] of adminCalls(id)) {
        const response = await request(method, path, {
          asAdmin: false,
          cookie,
          body,
          headers: body ? { 'content-type': 'application/json' } : {},
        });
        expect(response.status, `${method} ${path}`).toBe(401);
      }
      const uploaded = await upload(pdfForm(), { asAdmin: false, cookie });
      expect(uploaded.status).toBe(401);
      // The document is still there.
      expect((await request('GET', `/api/documents/download/${id}`, { asAdmin: false })).status).toBe(200);
    }

    it('refuses every admin action to a visitor with 401', async () => {
      const before = await documentKeys();
      await expectRefused(undefined);
      expect(await documentKeys()).toEqual(before);
    });

    it('refuses them after logout, and with an expired session', async () => {
      const loggedOut = await t.login();
      await request('POST', '/api/admin/logout', { cookie: loggedOut });
      await expectRefused(loggedOut);

      const expired = await t.login();
      await t.server.services.database.db.updateTable('admin_sessions').set({ created_at: 0, last_seen_at: 0 }).execute();
      await expectRefused(expired);
      t.cookie = await t.login();
    });
  });

  describe('upload', () => {
    it('stores a PDF under a generated key and answers 201 with the document', async () => {
      const before = await documentKeys();
      const response = await upload(pdfForm({ title: '  Netback note  ', description: '   ' }));
      expect(response.status).toBe(201);
      const document = (await response.json()) as AdminDocument;
      expect(document).toMatchObject({
        title: 'Netback note',
        description: null,
        category: 'infographics',
        filename: 'Netback note.pdf',
        originalName: 'netback.pdf',
        mimeType: 'application/pdf',
        sizeBytes: samplePdf().length,
        carouselImages: [],
      });
      const added = (await documentKeys()).filter((key) => !before.includes(key));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/);
      const listed = (await (await request('GET', '/api/documents/public?category=infographics', { asAdmin: false })).json()) as PublicDocument[];
      expect(listed[0]).toMatchObject({ id: document.id, title: 'Netback note', fileName: 'Netback note.pdf' });
    });

    it('accepts fields sent after the file', async () => {
      const response = await upload(pdfForm({ fieldsAfterFile: true, title: 'Fields last' }));
      expect(response.status).toBe(201);
    });

    it.each([
      ['PNG', () => image('png'), 'image/png'],
      ['JPEG', () => image('jpeg'), 'image/jpeg'],
      ['WebP', () => image('webp'), 'image/webp'],
      ['GIF', () => image('gif'), 'image/gif'],
      ['Word', async () => office('docx'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['Excel', async () => office('xlsx'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['PowerPoint', async () => office('pptx'), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
      ['MP4', async () => mp4(), 'video/mp4'],
    ])('accepts a %s file, recognised from its bytes', async (label, bytes, mime) => {
      // Named and typed wrongly on purpose: only the bytes count.
      const response = await upload(pdfForm({ file: { bytes: await bytes(), name: 'upload.bin', type: 'text/plain' }, title: label }));
      expect(response.status).toBe(201);
      expect(((await response.json()) as AdminDocument).mimeType).toBe(mime);
    });

    it('keeps path-traversal file names out of the key and inside DATA_DIR', async () => {
      const before = await t.objectKeys();
      const response = await upload(pdfForm({ file: { bytes: samplePdf(), name: '../../etc/passwd.pdf' }, title: 'Traversal' }));
      expect(response.status).toBe(201);
      const document = (await response.json()) as AdminDocument;
      expect(document.originalName).toBe('passwd.pdf');
      const added = (await t.objectKeys()).filter((key) => !before.includes(key));
      expect(added).toEqual([expect.stringMatching(/^documents\/[0-9a-f-]{36}\.pdf$/)]);
      const dataDir = t.server.database.dataDir;
      expect(fs.existsSync(path.join(dataDir, '..', '..', 'etc', 'passwd.pdf'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'objects', '..', 'passwd.pdf'))).toBe(false);
    });

    it.each([
      ['no file', { file: null }, documentMessages.fileRequired, 'file'],
      ['an empty file', { file: { bytes: Buffer.alloc(0), name: '' } }, documentMessages.fileRequired, 'file'],
      ['no category', { category: undefined }, documentMessages.categoryRequired, 'category'],
      ['an empty category', { category: '' }, documentMessages.categoryRequired, 'category'],
      ['an unknown category', { category: 'recipes' }, documentMessages.categoryUnknown, 'category'],
      ['no title', { title: undefined }, documentMessages.titleRequired, 'title'],
      ['a blank title', { title: '   ' }, documentMessages.titleRequired, 'title'],
      ['a blank title sent after the file', { title: '   ', fieldsAfterFile: true }, documentMessages.titleRequired, 'title'],
      ['a title too long', { title: 'x'.repeat(201) }, documentMessages.titleTooLong, 'title'],
    ] as [string, Partial<UploadForm>, string, string][])('answers 400 for %s, and stores nothing', async (_case, change, message, field) => {
      const before = await documentKeys();
      const response = await upload(pdfForm(change));
      expect(response.status).toBe(400);
      const body = await expectInvalidInput(response, [field]);
      expect(body.message).toBe(message);
      expect(body.fieldErrors[field]?.[0]).toBe(message);
      expect(await documentKeys()).toEqual(before);
    });

    it('answers 413 for a file over UPLOAD_MAX_BYTES and deletes what was stored', async () => {
      const before = await documentKeys();
      const big = Buffer.concat([samplePdf(), Buffer.alloc(UPLOAD_MAX_BYTES, 0x20)]);
      const response = await upload(pdfForm({ file: { bytes: big, name: 'big.pdf' } }));
      expect(response.status).toBe(413);
      expect(await messageOf(response)).toBe('The file is larger than the upload limit of 8 KiB.');
      expect(await documentKeys()).toEqual(before);
    });

    it('answers 413 before reading a body whose declared length is far over the limit', async () => {
      const big = Buffer.concat([samplePdf(), Buffer.alloc(200 * 1024, 0x20)]);
      const response = await upload(pdfForm({ file: { bytes: big, name: 'big.pdf' } }));
      expect(response.status).toBe(413);
    });

    it.each([
      ['an HTML page named .png', impostors.htmlAsPng, 'photo.png', 'image/png'],
      ['a PHP script named .pdf', impostors.phpAsPdf, 'report.pdf', 'application/pdf'],
      ['an SVG image', impostors.svg, 'logo.svg', 'image/svg+xml'],
      ['plain text', impostors.text, 'notes.txt', 'text/plain'],
      ['a zip that is not an Office file', impostors.plainZip, 'archive.docx', 'application/zip'],
    ])('answers 415 for %s, and stores nothing', async (_case, bytes, name, type) => {
      const before = await documentKeys();
      const response = await upload(pdfForm({ file: { bytes, name, type } }));
      expect(response.status).toBe(415);
      expect(await messageOf(response)).toMatch(/not allowed/);
      expect(await documentKeys()).toEqual(before);
    });

    it('answers 415 for a body that is not multipart', async () => {
      const response = await request('POST', '/api/documents/upload', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'x' }),
      });
      expect(response.status).toBe(415);
    });

    it('answers 400 for a broken multipart body', async () => {
      const response = await request('POST', '/api/documents/upload', {
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        body: '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nunterminated',
      });
      expect(response.status).toBe(400);
    });
  });

  describe('edit and delete', () => {
    async function newDocument(title = 'Editable'): Promise<AdminDocument> {
      const response = await upload(pdfForm({ title }));
      expect(response.status).toBe(201);
      return (await response.json()) as AdminDocument;
    }
    const put = (id: number | string, body: unknown) =>
      request('PUT', `/api/documents/${id}`, {
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });

    it('saves title, description and category; an empty description becomes null', async () => {
      const document = await newDocument();
      const response = await put(document.id, { title: '  Renamed  ', description: '', category: 'articles', carouselImages: [] });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: document.id, title: 'Renamed', description: null, category: 'articles', filename: 'Renamed.pdf' });
      const articles = (await (await request('GET', '/api/documents/public?category=articles', { asAdmin: false })).json()) as PublicDocument[];
      expect(articles.map((item) => item.id)).toContain(document.id);
    });

    it.each([
      ['malformed JSON', '{"title": ', 400, null],
      ['no title', { description: 'x', category: 'articles', carouselImages: [] }, 400, 'title'],
      ['a blank title', { title: '  ', category: 'articles', carouselImages: [] }, 400, 'title'],
      ['an unknown category', { title: 'x', category: 'recipes', carouselImages: [] }, 400, 'category'],
      ['a carousel image that is not ours', { title: 'x', category: 'articles', carouselImages: ['https://evil.example/a.png'] }, 400, 'carouselImages'],
      ['an image path we never stored', { title: 'x', category: 'articles', carouselImages: ['/objects/images/0f8fad5b-d9cb-469f-a165-70867728950e.png'] }, 400, 'carouselImages'],
    ] as [string, unknown, number, string | null][])('answers %s with %i', async (_case, body, status, field) => {
      const document = await newDocument();
      const response = await put(document.id, body);
      expect(response.status).toBe(status);
      // Each field's messages for invalid input; a body that is not even JSON has only a message.
      if (field) expect(typeof (await expectInvalidInput(response, [field])).message).toBe('string');
      else expect(typeof (await messageOf(response))).toBe('string');
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of ['999999', 'abc', '0', '-1', '1.5']) {
        expect((await put(id, { title: 'x', category: 'articles', carouselImages: [] })).status).toBe(404);
        expect((await request('DELETE', `/api/documents/${id}`)).status).toBe(404);
        expect((await request('GET', `/api/documents/download/${id}`, { asAdmin: false })).status).toBe(404);
      }
    });

    it('moves the document to the trash (the download is then 404, the file stays); deleting it forever removes the file', async () => {
      const before = await documentKeys();
      const document = await newDocument('Short-lived');
      const [key] = (await documentKeys()).filter((item) => !before.includes(item));
      expect(key).toBeDefined();
      expect((await request('GET', `/api/documents/download/${document.id}`, { asAdmin: false })).status).toBe(200);
      expect((await request('DELETE', `/api/documents/${document.id}`)).status).toBe(204);
      expect(await documentKeys()).toEqual([...before, key].sort());
      expect((await request('GET', `/api/documents/download/${document.id}`, { asAdmin: false })).status).toBe(404);
      expect((await request('DELETE', `/api/documents/${document.id}`)).status).toBe(404);
      expect((await request('DELETE', `/api/admin/trash/document/${document.id}`)).status).toBe(204);
      expect(await documentKeys()).toEqual(before);
      expect((await request('DELETE', `/api/admin/trash/document/${document.id}`)).status).toBe(404);
    });
  });

  describe('download', () => {
    let id: number;
    const pdf = samplePdf();
    beforeAll(async () => {
      const response = await upload(pdfForm({ title: 'Ficha técnica — GNL 東京' }));
      id = ((await response.json()) as AdminDocument).id;
    });
    const download = (headers: Record<string, string> = {}) => request('GET', `/api/documents/download/${id}`, { asAdmin: false, headers });

    it('sends the file as an attachment named by the title, in ASCII and in UTF-8', async () => {
      const response = await download();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(response.headers.get('content-length')).toBe(String(pdf.length));
      const disposition = response.headers.get('content-disposition') ?? '';
      expect(disposition).toBe(
        `attachment; filename="Ficha tecnica - GNL __.pdf"; filename*=UTF-8''${encodeURIComponent('Ficha técnica — GNL 東京.pdf')}`,
      );
      const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
      expect(decodeURIComponent(encoded)).toBe('Ficha técnica — GNL 東京.pdf');
      expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);
    });

    it('answers a byte range with 206 and Content-Range', async () => {
      const first = await download({ range: 'bytes=0-7' });
      expect(first.status).toBe(206);
      expect(first.headers.get('content-range')).toBe(`bytes 0-7/${pdf.length}`);
      expect(first.headers.get('content-length')).toBe('8');
      expect(await first.text()).toBe('%PDF-1.4');
      const suffix = await download({ range: 'bytes=-6' });
      expect(suffix.status).toBe(206);
      expect(Buffer.from(await suffix.arrayBuffer()).equals(pdf.subarray(pdf.length - 6))).toBe(true);
      const open = await download({ range: `bytes=${pdf.length - 10}-` });
      expect(open.status).toBe(206);
      expect(open.headers.get('content-range')).toBe(`bytes ${pdf.length - 10}-${pdf.length - 1}/${pdf.length}`);
    });

    it('answers an unsatisfiable range with 416, and ignores a malformed one', async () => {
      const beyond = await download({ range: `bytes=${pdf.length + 100}-` });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${pdf.length}`);
      const malformed = await download({ range: 'bytes=abc' });
      expect(malformed.status).toBe(200);
      expect(Buffer.from(await malformed.arrayBuffer()).length).toBe(pdf.length);
    });
  });
});
