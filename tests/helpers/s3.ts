import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { multipartStandIns, uploadsDirOf } from './s3rver-multipart.ts';

/**
 * A real S3-protocol server (s3rver) on a random loopback port with one empty bucket, for
 * testing the S3 storage backend with the AWS SDK. `env` is what the app needs to use it.
 */
export interface TestS3 {
  bucket: string;
  endpoint: string;
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  listKeys(): Promise<string[]>;
  /** Where s3rver keeps the parts of the multipart upload `uploadId` (S3's UploadId). */
  partsDir(uploadId: string): string;
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'vpv-s3-'));
  const bucket = 'vpv-test-documents';
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  // ListParts and AbortMultipartUpload, which s3rver lacks (see s3rver-multipart.ts); first, before its router.
  server.middleware.unshift(multipartStandIns(directory, 3));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    partsDir: (uploadId) => path.join(uploadsDirOf(directory, bucket), uploadId),
    listKeys: async () => {
      const result = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (result.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    close: async () => {
      client.destroy();
      // An upload the app abandoned mid-body (hardening-streams) can leave s3rver waiting for
      // bytes that never come, and close() waits for every request: after a grace period the
      // remaining connections are cut.
      const cut = setTimeout(() => server.httpServer?.closeAllConnections(), 2000);
      await server.close();
      clearTimeout(cut);
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
