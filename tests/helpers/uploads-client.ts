/**
 * The calls Uppy's AWS S3 plugin makes in companion mode (@uppy/aws-s3 6, CompanionS3), made
 * the same way from Node: JSON to `<origin>/api/uploads/s3/…` with the admin's cookie, part
 * bytes PUT to the signed URL it hands out (absolute on S3, a path on our own server on disk).
 * Used by the uploads tests and by `npm run bench:upload`.
 */

export interface StartedUpload {
  uploadId: string;
  key: string;
}

export interface ListedPart {
  PartNumber: number;
  ETag: string;
  Size: number;
}

export const MiB = 1024 * 1024;

export class UploadClient {
  constructor(
    readonly origin: string,
    readonly cookie: string,
  ) {}

  /** One companion call: `path` is below /api/uploads. */
  request(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.origin}/api/uploads${path}`, {
      method,
      headers: { cookie: this.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async start(filename: string, metadata: Record<string, unknown>, type = 'application/octet-stream'): Promise<StartedUpload> {
    const response = await this.request('POST', '/s3/multipart', { filename, type, metadata });
    if (response.status !== 200) throw new Error(`start: ${response.status} ${await response.text()}`);
    return (await response.json()) as StartedUpload;
  }

  /** The signed URL of one part, absolute. */
  async partUrl(upload: StartedUpload, partNumber: number): Promise<string> {
    const response = await this.request('GET', `/s3/multipart/${upload.uploadId}/${partNumber}?${new URLSearchParams({ key: upload.key })}`);
    if (response.status !== 200) throw new Error(`part URL: ${response.status} ${await response.text()}`);
    const { url } = (await response.json()) as { url: string };
    return new URL(url, this.origin).toString();
  }

  /** Sends one part as Uppy does (no cookie: the URL is the permission) and returns its ETag header, quotes removed. */
  async putPart(upload: StartedUpload, partNumber: number, bytes: Uint8Array): Promise<string> {
    const response = await fetch(await this.partUrl(upload, partNumber), { method: 'PUT', body: new Uint8Array(bytes) });
    if (response.status !== 200) throw new Error(`part ${partNumber}: ${response.status} ${await response.text()}`);
    const etag = response.headers.get('etag');
    if (!etag) throw new Error(`part ${partNumber}: no ETag header`);
    return etag.replace(/^"+|"+$/g, '');
  }

  list(upload: StartedUpload): Promise<Response> {
    return this.request('GET', `/s3/multipart/${upload.uploadId}?${new URLSearchParams({ key: upload.key })}`);
  }

  async listParts(upload: StartedUpload): Promise<ListedPart[]> {
    const response = await this.list(upload);
    if (response.status !== 200) throw new Error(`list: ${response.status} ${await response.text()}`);
    return (await response.json()) as ListedPart[];
  }

  complete(upload: StartedUpload, parts: { PartNumber: number; ETag: string }[]): Promise<Response> {
    return this.request('POST', `/s3/multipart/${upload.uploadId}/complete?${new URLSearchParams({ key: upload.key })}`, { parts });
  }

  abort(upload: StartedUpload): Promise<Response> {
    return this.request('DELETE', `/s3/multipart/${upload.uploadId}?${new URLSearchParams({ key: upload.key })}`);
  }

  /**
   * The whole sequence for `parts` (each a part's bytes, in order): start, PUT each part,
   * complete with the ETags. Resolves with the complete's response.
   */
  async upload(filename: string, metadata: Record<string, unknown>, parts: Uint8Array[]): Promise<{ upload: StartedUpload; response: Response }> {
    const upload = await this.start(filename, metadata);
    const etags: { PartNumber: number; ETag: string }[] = [];
    for (const [index, bytes] of parts.entries()) etags.push({ PartNumber: index + 1, ETag: await this.putPart(upload, index + 1, bytes) });
    return { upload, response: await this.complete(upload, etags) };
  }
}

/** A file of `size` bytes that starts with `head` (its type, to the sniffer), split in parts of `partSize`. */
export function fileInParts(head: Buffer, size: number, partSize: number): { whole: Buffer; parts: Buffer[] } {
  const whole = Buffer.alloc(size, 0x20);
  head.copy(whole, 0, 0, Math.min(head.length, size));
  // Not all one byte, so a part sent in the wrong place would show.
  for (let offset = head.length; offset + 4 <= size; offset += 4096) whole.writeUInt32BE(offset >>> 0, offset);
  const parts: Buffer[] = [];
  for (let offset = 0; offset < size; offset += partSize) parts.push(whole.subarray(offset, Math.min(offset + partSize, size)));
  return { whole, parts };
}
