import path from 'node:path';
import type { Config } from '../config.ts';
import type { MultipartStorage } from './multipart.ts';
import { DiskMultipartStorage } from './multipart-disk.ts';
import { S3MultipartStorage } from './multipart-s3.ts';
import { loadUrlSecret } from './signed-url.ts';

/**
 * The multipart side of the configured backend: the bucket of S3_BUCKET, or DATA_DIR
 * (parts under DATA_DIR/multipart, finished files under DATA_DIR/objects, URLs signed with
 * the carousel's secret).
 */
export async function createMultipartStorage(config: Pick<Config, 'storage' | 'dataDir'>): Promise<MultipartStorage> {
  if (config.storage.kind === 's3') return S3MultipartStorage.create(config.storage);
  const secret = loadUrlSecret(config.dataDir, config.storage.urlSecret);
  return new DiskMultipartStorage(config.storage.dir, path.join(config.dataDir, 'multipart'), secret);
}
