import { S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.ts';

export type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/** The endpoint and keys an AWS SDK client is given, when the config names them (else the SDK's defaults). */
export function awsClientAccess(settings: Pick<S3Config, 'endpoint' | 'credentials'>) {
  return {
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    // A copy: the SDK marks the credentials object it is given ($source), and the config is frozen.
    ...(settings.credentials ? { credentials: { ...settings.credentials } } : {}),
  };
}

/** The S3 client for S3_BUCKET and its settings: the uploads' storage and the backup's bucket listing. */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...awsClientAccess(config),
    // Checksums only where S3 requires them: the newer default (aws-chunked bodies with
    // trailing checksums, checksum query parameters on presigned URLs) is not understood
    // by every S3-compatible store, and a presigned (part) URL with a checksum parameter
    // would bind the bytes, breaking browser uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
