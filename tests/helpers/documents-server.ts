import fs from 'node:fs';
import path from 'node:path';
import type { Dialect } from '../../server/db/connection.ts';
import { type TestS3, startTestS3 } from './s3.ts';
import { type TestServer, startTestServer } from './server.ts';

/** The two storage backends every document test runs on. */
export const storageBackends = ['disk', 's3'] as const;
export type StorageBackend = (typeof storageBackends)[number];

export const documentsAdmin = { username: 'docs-admin', password: 'document library password' };

/**
 * A test server on a dialect and a storage backend (s3rver on loopback for S3), with an
 * admin logged in: `cookie` goes in the Cookie header of admin requests.
 */
export interface DocumentsTestServer {
  server: TestServer;
  url: string;
  cookie: string;
  backend: StorageBackend;
  /** The s3rver behind the S3 backend; null on disk. */
  s3: TestS3 | null;
  /** Every stored object key, from the disk directory or the bucket. */
  objectKeys(): Promise<string[]>;
  /** Logs in again and returns a fresh session cookie. */
  login(): Promise<string>;
  close(): Promise<void>;
}

export async function startDocumentsServer(
  dialect: Dialect,
  backend: StorageBackend,
  env: Record<string, string> = {},
): Promise<DocumentsTestServer> {
  const s3: TestS3 | null = backend === 's3' ? await startTestS3() : null;
  const server = await startTestServer(dialect, {
    ADMIN_USERNAME: documentsAdmin.username,
    ADMIN_PASSWORD: documentsAdmin.password,
    ...(s3?.env ?? {}),
    ...env,
  });
  const login = async () => {
    const response = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(documentsAdmin),
    });
    if (!response.ok) throw new Error(`login failed: ${response.status}`);
    return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };
  const objectsDir = path.join(server.database.dataDir, 'objects');
  return {
    server,
    url: server.url,
    cookie: await login(),
    backend,
    s3,
    login,
    objectKeys: async () => (s3 ? s3.listKeys() : listFiles(objectsDir)),
    close: async () => {
      await server.close();
      await s3?.close();
    },
  };
}

function listFiles(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
    )
    .sort();
}
