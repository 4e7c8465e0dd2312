import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAROUSEL_LIMITS, documentMessages } from '../../domain/documents/rules.ts';
import type { AdminDocument, PublicDocument } from '../../domain/documents/types.ts';
import { sweepUploads } from '../../server/services/index.ts';
import { testDialects } from '../helpers/databases.ts';
import { expectInvalidInput } from '../helpers/invalid-input.ts';
import { type DocumentsTestServer, startDocumentsServer, storageBackends } from '../helpers/documents-server.ts';
import { image, impostors, largePng, samplePdf } from '../helpers/sample-files.ts';
import { DiskStorage } from '../../server/storage/disk.ts';

const combinations = testDialects.flatMap((dialect) => storageBackends.map((backend) => [dialect, backend] as const));

describe.each(combinations)('carousel images on %s with %s storage', (dialect, backend) => {
  let t: DocumentsTestServer;
  let documentId: number;
  beforeAll(async () => {
    t = await startDocumentsServer(dialect, backend);
    const form = new FormData();
    form.append('title', 'Trailer gallery');
    form.append('category', 'spec-sheets');
    form.append('file', new Blob([new Uint8Array(samplePdf())]), 'gallery.pdf');
    const response = await fetch(`${t.url}/api/documents/upload`, { method: 'POST', body: form, headers: { cookie: t.cookie } });
    documentId = ((await response.json()) as AdminDocument).id;
  });
  afterAll(async () => t?.close());

  const admin = (method: string, path: string, body?: unknown) =>
    fetch(`${t.url}${path}`, {
      method,
      headers: { cookie: t.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });

  /** Step 1: the upload URL, absolute (disk answers with a path on our own server). */
  async function uploadUrl(): Promise<string> {
    const response = await admin('POST', '/api/objects/upload');
    expect(response.status).toBe(200);
    const { uploadURL } = (await response.json()) as { uploadURL: string };
    return new URL(uploadURL, t.url).toString();
  }

  /** Steps 2 and 3: PUT the bytes, then ask for the image to be accepted. */
  async function sendImage(bytes: Buffer, type = 'image/png') {
    const url = await uploadUrl();
    const put = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': type } });
    const accepted = put.ok ? await admin('PUT', '/api/carousel-images', { imageURL: url }) : null;
    return { url, put, accepted };
  }

  /** A refused image's 400, in the shape of every invalid input (naming imageURL): its message. */
  async function imageRefusal(response: Response | null | undefined): Promise<string> {
    if (!response) throw new Error('the image was never offered for acceptance');
    return (await expectInvalidInput(response, ['imageURL'])).message;
  }

  const uploadsLeft = async () => (await t.objectKeys()).filter((key) => key.startsWith('uploads/'));

  it('accepts a real image: objectPath, served with long caching, its type and nosniff', async () => {
    const png = await image('png', 800, 600);
    const { put, accepted } = await sendImage(png);
    expect(put.status).toBe(200);
    expect(accepted?.status).toBe(200);
    const { objectPath } = (await accepted?.json()) as { objectPath: string };
    expect(objectPath).toMatch(/^\/objects\/images\/[0-9a-f-]{36}\.png$/);
    expect(await uploadsLeft()).toEqual([]);

    const served = await fetch(`${t.url}${objectPath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const thumbnail = await fetch(`${t.url}${objectPath}?w=280`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: 'webp', width: 280, height: 210 });
    expect((await t.objectKeys()).filter((key) => key.startsWith('thumbnails/'))).toHaveLength(1);
    expect((await fetch(`${t.url}${objectPath}?w=281`)).status).toBe(404);
  });

  it.each([
    ['a JPEG', () => image('jpeg'), 'jpg'],
    ['a WebP', () => image('webp'), 'webp'],
    ['a GIF', () => image('gif'), 'gif'],
  ])('accepts %s', async (_case, bytes, ext) => {
    const { accepted } = await sendImage(await bytes(), 'application/octet-stream');
    expect(accepted?.status).toBe(200);
    expect(((await accepted?.json()) as { objectPath: string }).objectPath.endsWith(`.${ext}`)).toBe(true);
  });

  it.each([
    ['an SVG', impostors.svg, 'image/svg+xml'],
    ['an HTML page sent as an image', impostors.htmlAsPng, 'image/png'],
    ['a PDF', samplePdf(), 'image/png'],
  ])('refuses %s with the fixed message and deletes it', async (_case, bytes, type) => {
    const before = await t.objectKeys();
    const { put, accepted } = await sendImage(bytes, type);
    expect(put.status).toBe(200);
    expect(accepted?.status).toBe(400);
    expect(await imageRefusal(accepted)).toBe(documentMessages.imageInvalid);
    expect(await t.objectKeys()).toEqual(before);
  });

  it('refuses an image over 5 MB and keeps none of it', async () => {
    const before = await t.objectKeys();
    const big = await largePng(CAROUSEL_LIMITS.maxFileBytes + 1024);
    expect(big.length).toBeGreaterThan(CAROUSEL_LIMITS.maxFileBytes);
    const { url, put, accepted } = await sendImage(big);
    if (backend === 'disk') {
      // Our signed URL enforces the limit while streaming.
      expect(put.status).toBe(413);
      const refused = await admin('PUT', '/api/carousel-images', { imageURL: url });
      expect(refused.status).toBe(400);
      expect(await imageRefusal(refused)).toBe(documentMessages.imageInvalid);
    } else {
      // A presigned S3 PUT cannot bind the size; the check afterwards refuses and deletes it.
      expect(put.status).toBe(200);
      expect(accepted?.status).toBe(400);
      expect(await imageRefusal(accepted)).toBe(documentMessages.imageInvalid);
    }
    expect(await t.objectKeys()).toEqual(before);
  });

  it.each([['not a URL at all'], ['https://evil.example/uploads/not-a-uuid'], ['/objects/images/x.png'], ['']])(
    'refuses the imageURL %j',
    async (imageURL) => {
      const response = await admin('PUT', '/api/carousel-images', { imageURL });
      expect(response.status).toBe(400);
      expect(await imageRefusal(response)).toBe(documentMessages.imageInvalid);
    },
  );

  it('sweeps images accepted a day ago but never saved to a document (Cancel in the edit dialog), and keeps saved ones', async () => {
    const [saved, unsaved] = await Promise.all(
      [301, 302].map(async (width) => ((await (await sendImage(await image('png', width, 200))).accepted?.json()) as { objectPath: string }).objectPath),
    );
    const save = await admin('PUT', `/api/documents/${documentId}`, { title: 'Trailer gallery', description: null, category: 'spec-sheets', carouselImages: [saved] });
    expect(save.status).toBe(200);
    expect((await fetch(`${t.url}${unsaved}?w=280`)).status).toBe(200);
    const services = t.server.services;

    // An hour later both stay: the unsaved one may still be waiting in an open dialog.
    expect((await sweepUploads(services, Date.now() + 60 * 60_000)).unsavedImages).toBe(0);
    expect((await fetch(`${t.url}${unsaved}`)).status).toBe(200);

    // A day and a bit later the unsaved one goes, with its thumbnail; the saved one and the sample documents' stay.
    expect((await sweepUploads(services, Date.now() + 25 * 60 * 60_000)).unsavedImages).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${t.url}${unsaved}`)).status).toBe(404);
    const unsavedId = /images\/([0-9a-f-]{36})/.exec(unsaved ?? '')?.[1] ?? 'none';
    expect((await t.objectKeys()).filter((key) => key.includes(unsavedId))).toEqual([]);
    expect((await fetch(`${t.url}${saved}`)).status).toBe(200);
    const documents = (await (await fetch(`${t.url}/api/documents`, { headers: { cookie: t.cookie } })).json()) as AdminDocument[];
    for (const path of documents.flatMap((document) => document.carouselImages)) expect((await fetch(`${t.url}${path}`)).status).toBe(200);
  });

  it('adds images to a document, drops removed ones from storage, and deletes the rest with the document', async () => {
    const paths: string[] = [];
    for (let index = 0; index < 4; index++) {
      const { accepted } = await sendImage(await image('png', 300 + index, 200));
      paths.push(((await accepted?.json()) as { objectPath: string }).objectPath);
    }
    const save = (carouselImages: string[]) =>
      admin('PUT', `/api/documents/${documentId}`, { title: 'Trailer gallery', description: null, category: 'spec-sheets', carouselImages });
    expect((await save(paths)).status).toBe(200);
    const listed = (await (await fetch(`${t.url}/api/documents/public?category=spec-sheets`)).json()) as PublicDocument[];
    expect(listed.find((document) => document.id === documentId)?.carouselImages).toEqual(paths);
    // Thumbnails exist for one of them.
    expect((await fetch(`${t.url}${paths[0]}?w=280`)).status).toBe(200);

    // A second document may not borrow the first one's image.
    const other = ((await (await fetch(`${t.url}/api/documents`, { headers: { cookie: t.cookie } })).json()) as AdminDocument[]).find(
      (document) => document.id !== documentId,
    );
    const borrowed = await admin('PUT', `/api/documents/${other?.id}`, {
      title: other?.title,
      description: other?.description,
      category: other?.category,
      carouselImages: [paths[1]],
    });
    expect(borrowed.status).toBe(400);
    expect((await expectInvalidInput(borrowed, ['carouselImages'])).message).toBe('A carousel image belongs to another document.');

    const removed = paths[0] ?? '';
    expect((await save(paths.slice(1))).status).toBe(200);
    expect((await fetch(`${t.url}${removed}`)).status).toBe(404);
    const imageId = /images\/([0-9a-f-]{36})/.exec(removed)?.[1] ?? '';
    expect((await t.objectKeys()).filter((key) => key.includes(imageId))).toEqual([]);

    // To the trash first: the images stay in storage until the document is deleted forever, out of visitors' sight.
    expect((await admin('DELETE', `/api/documents/${documentId}`)).status).toBe(204);
    for (const path of paths.slice(1)) {
      expect((await fetch(`${t.url}${path}`)).status).toBe(404);
      const id = /images\/([0-9a-f-]{36})/.exec(path)?.[1] ?? '-';
      expect((await t.objectKeys()).some((key) => key.includes(id))).toBe(true);
    }
    expect((await admin('DELETE', `/api/admin/trash/document/${documentId}`)).status).toBe(204);
    for (const path of paths.slice(1)) {
      expect((await fetch(`${t.url}${path}`)).status).toBe(404);
      const id = /images\/([0-9a-f-]{36})/.exec(path)?.[1] ?? '';
      expect((await t.objectKeys()).filter((key) => key.includes(id))).toEqual([]);
    }
  });

  it('lets pages connect to where images are uploaded, and nowhere else (CSP connect-src)', async () => {
    const csp = (await fetch(`${t.url}/knowledge-base`)).headers.get('content-security-policy') ?? '';
    const connectSrc = /connect-src ([^;]+)/.exec(csp)?.[1]?.trim();
    const s3Origin = t.backend === 's3' ? new URL((await uploadUrl())).origin : null;
    expect(connectSrc).toBe(s3Origin ? `'self' ${s3Origin}` : "'self'");
  });

  it.runIf(backend === 'disk')('refuses an expired or tampered upload URL with 403', async () => {
    const url = new URL(await uploadUrl());
    const png = new Uint8Array(await image('png'));
    const tamper = async (change: (params: URLSearchParams) => void, pathname = url.pathname) => {
      const copy = new URL(url);
      copy.pathname = pathname;
      change(copy.searchParams);
      return (await fetch(copy, { method: 'PUT', body: png })).status;
    };
    expect(await tamper((params) => params.set('expires', String(Number(params.get('expires')) + 3600)))).toBe(403);
    expect(await tamper((params) => params.set('max', '999999999'))).toBe(403);
    expect(await tamper((params) => params.set('sig', 'A'.repeat(43)))).toBe(403);
    expect(await tamper((params) => params.delete('sig'))).toBe(403);
    expect(await tamper(() => {}, url.pathname.replace(/[0-9a-f]{12}$/, '000000000000'))).toBe(403);
    // An expired one: sign with an expiry in the past through the real signer.
    const disk = t.server.services.storage;
    const key = /uploads\/[0-9a-f-]{36}/.exec(url.pathname)?.[0] ?? '';
    const expired = disk instanceof DiskStorage ? `/api/objects/put/${key}?${new URLSearchParams(disk.signer.sign(`PUT\n${key}`, Math.floor(Date.now() / 1000) - 1, CAROUSEL_LIMITS.maxFileBytes)).toString()}` : '';
    expect((await fetch(new URL(expired, t.url), { method: 'PUT', body: png })).status).toBe(403);
    // Nothing was stored by any of them; the untouched URL still works.
    expect(await uploadsLeft()).toEqual([]);
    expect((await fetch(url, { method: 'PUT', body: png })).status).toBe(200);
    // Once accepted, its URL stores nothing more: new bytes would sit unchecked under uploads/.
    expect((await admin('PUT', '/api/carousel-images', { imageURL: url.toString() })).status).toBe(200);
    const again = await fetch(url, { method: 'PUT', body: png });
    expect(again.status).toBe(403);
    expect(((await again.json()) as { message: string }).message).toBe('This upload URL was already used.');
    expect(await uploadsLeft()).toEqual([]);
  });
});
