import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { imageWork } from '../../server/services/documents/image-work.ts';
import { DiskStorage } from '../../server/storage/disk.ts';
import { S3Storage } from '../../server/storage/s3.ts';
import { testDialects } from '../helpers/databases.ts';
import { type DocumentsTestServer, startDocumentsServer, storageBackends } from '../helpers/documents-server.ts';
import { image } from '../helpers/sample-files.ts';

/**
 * Issue 11, item 10: a thumbnail that is not stored yet is made once, however many requests
 * ask for it at the same time, and image work runs a bounded number at a time.
 */

const combinations = testDialects.flatMap((dialect) => storageBackends.map((backend) => [dialect, backend] as const));

describe.each(combinations)('thumbnails under load on %s with %s storage', (dialect, backend) => {
  let t: DocumentsTestServer;
  beforeAll(async () => {
    t = await startDocumentsServer(dialect, backend);
  });
  afterAll(async () => t?.close());

  async function acceptedImage(): Promise<string> {
    const upload = await fetch(`${t.url}/api/objects/upload`, { method: 'POST', headers: { cookie: t.cookie } });
    const url = new URL(((await upload.json()) as { uploadURL: string }).uploadURL, t.url);
    const put = await fetch(url, { method: 'PUT', body: new Uint8Array(await image('jpeg', 2400, 1600)), headers: { 'content-type': 'image/jpeg' } });
    expect(put.status).toBe(200);
    const accepted = await fetch(`${t.url}/api/carousel-images`, {
      method: 'PUT',
      headers: { cookie: t.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ imageURL: url.toString() }),
    });
    expect(accepted.status).toBe(200);
    return ((await accepted.json()) as { objectPath: string }).objectPath;
  }

  it('makes a thumbnail once for 12 simultaneous first requests, and gives each the same bytes', async () => {
    const objectPath = await acceptedImage();
    // Storage is the documents service's own: the backend's class is watched instead.
    const put = vi.spyOn(backend === 's3' ? S3Storage.prototype : DiskStorage.prototype, 'put');
    try {
      const responses = await Promise.all(Array.from({ length: 12 }, () => fetch(`${t.url}${objectPath}?w=560`)));
      expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 12 }, () => 200));
      const bodies = await Promise.all(responses.map(async (response) => Buffer.from(await response.arrayBuffer())));
      expect(new Set(bodies.map((body) => body.toString('base64'))).size).toBe(1);
      const thumbnailPuts = put.mock.calls.filter(([key]) => key.startsWith('thumbnails/'));
      expect(thumbnailPuts).toHaveLength(1);
    } finally {
      put.mockRestore();
    }
    expect((await t.objectKeys()).filter((key) => key.startsWith('thumbnails/'))).toHaveLength(1);
    // Once stored, it is served from storage.
    expect((await fetch(`${t.url}${objectPath}?w=560`)).status).toBe(200);
  });

  it('works on at most two images at a time across different thumbnails', async () => {
    const paths = [await acceptedImage(), await acceptedImage()];
    const requests = paths.flatMap((objectPath) => [280, 560, 1200].map((width) => fetch(`${t.url}${objectPath}?w=${width}`)));
    const responses = await Promise.all(requests);
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(imageWork.stats.peakRunning).toBeLessThanOrEqual(2);
    expect(imageWork.stats).toMatchObject({ running: 0, waiting: 0 });
  });
});
