import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * s3rver 3.7 stores multipart uploads (CreateMultipartUpload, UploadPart,
 * CompleteMultipartUpload) but answers ListParts and AbortMultipartUpload with 405
 * MethodNotAllowed, and takes an UploadPart for an upload that no longer exists (recreating
 * it) where S3 answers NoSuchUpload. The uploads of large documents need S3's behaviour, so
 * the test server gets it here, from s3rver's own files (`<dir>/<bucket>/._S3rver_uploads/<UploadId>/<n>` and
 * `<n>.md5`, written once a part has arrived whole). ListParts answers at most
 * `pageSize` parts a page, so the app's paging is exercised with a few parts.
 */

/** The bit of Koa's context these handlers use. */
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
}

type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

export function uploadsDirOf(directory: string, bucket: string): string {
  return path.join(directory, bucket, '._S3rver_uploads');
}

export function multipartStandIns(directory: string, pageSize: number): KoaMiddleware {
  return async (ctx, next) => {
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : null;
    const [, bucket, ...keyParts] = ctx.path.split('/');
    const listing = ctx.method === 'GET' && uploadId !== null && ctx.query.partNumber === undefined;
    const aborting = ctx.method === 'DELETE' && uploadId !== null;
    const sendingPart = ctx.method === 'PUT' && uploadId !== null && ctx.query.partNumber !== undefined;
    if (!bucket || keyParts.length === 0 || !uploadId || !/^[0-9a-f]+$/.test(uploadId) || (!listing && !aborting && !sendingPart)) {
      return next();
    }
    const dir = path.join(uploadsDirOf(directory, bucket), uploadId);
    const key = keyParts.map(decodeURIComponent).join('/');
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`;
      return;
    }
    if (sendingPart) return next();
    if (aborting) {
      await fs.rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    const marker = Number(ctx.query['part-number-marker'] ?? 0);
    const maxParts = Math.min(pageSize, Number(ctx.query['max-parts'] ?? 1000));
    const numbers = names
      .filter((name) => /^\d+\.md5$/.test(name))
      .map((name) => Number(name.slice(0, -4)))
      .filter((number) => number > marker)
      .sort((a, b) => a - b);
    const page = numbers.slice(0, maxParts);
    const truncated = numbers.length > page.length;
    const parts = await Promise.all(
      page.map(async (number) => {
        const stat = await fs.stat(path.join(dir, String(number)));
        const md5 = (await fs.readFile(path.join(dir, `${number}.md5`), 'utf8')).trim();
        return `<Part><PartNumber>${number}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
      }),
    );
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId>` +
      `<PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${page.at(-1) ?? marker}</NextPartNumberMarker>` +
      `<MaxParts>${maxParts}</MaxParts><IsTruncated>${truncated}</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
}
