import type { Config } from '../config.ts';
import { DiskStorage } from './disk.ts';
import { S3Storage } from './s3.ts';
import { UrlSigner, loadUrlSecret } from './signed-url.ts';
import type { ObjectStorage } from './storage.ts';

export interface StorageHandle {
  storage: ObjectStorage;
  /** Disk only: checks the signed upload URLs it hands out (served by /api/objects/put/*). */
  signer: UrlSigner | null;
}

/** The configured backend: S3 when S3_BUCKET is set, otherwise files under DATA_DIR/objects. */
export async function createStorage(config: Pick<Config, 'storage' | 'dataDir'>): Promise<StorageHandle> {
  if (config.storage.kind === 's3') return { storage: await S3Storage.create(config.storage), signer: null };
  const signer = new UrlSigner(loadUrlSecret(config.dataDir, config.storage.urlSecret));
  return { storage: new DiskStorage(config.storage.dir, signer), signer };
}
