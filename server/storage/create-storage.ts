import path from 'node:path';
import type { Config } from '../config.ts';
import { DiskStorage } from './disk.ts';
import { S3Storage } from './s3.ts';
import { UrlSigner, loadUrlSecret } from './signed-url.ts';
import type { Storage } from './storage.ts';

/**
 * The configured backend: the bucket of S3_BUCKET, or files under DATA_DIR (finished objects
 * under DATA_DIR/objects, unfinished parts under DATA_DIR/multipart, URLs signed with the
 * secret of loadUrlSecret).
 */
export async function createStorage(config: Pick<Config, 'storage' | 'dataDir'>): Promise<Storage> {
  if (config.storage.kind === 's3') return S3Storage.create(config.storage);
  const signer = new UrlSigner(loadUrlSecret(config.dataDir, config.storage.urlSecret));
  return new DiskStorage(config.storage.dir, path.join(config.dataDir, 'multipart'), signer);
}
