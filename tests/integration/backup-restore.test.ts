import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../server/db/connection.ts';
import { createBackup } from '../../server/services/backup/backup.ts';
import { type Manifest, readManifest } from '../../server/services/backup/manifest.ts';
import { type TestDatabase, createTestDatabase, testDialects } from '../helpers/databases.ts';
import { type DocumentsTestServer, documentsAdmin, startDocumentsServer } from '../helpers/documents-server.ts';
import { samplePdf } from '../helpers/sample-files.ts';
import { type SecondTestServer, startServerOn } from '../helpers/server.ts';
import { runBackupCli } from '../helpers/cli.ts';


const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `vpv-${name}-`));
const copyDir = (from: string) => {
  const to = tempDir('backup-copy');
  fs.cpSync(from, to, { recursive: true });
  return to;
};
/** A place to restore into: an empty DATA_DIR, and on PostgreSQL a new, empty database. */
async function restoreTarget(dialect: Dialect): Promise<{ env: Record<string, string>; url: string; dataDir: string; destroy(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dataDir = tempDir('restored');
    const url = `file:${path.join(dataDir, 'site.db')}`;
    return { env: { DATA_DIR: dataDir, DATABASE_URL: url }, url, dataDir, destroy: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const database: TestDatabase = await createTestDatabase('postgres');
  return { env: { DATA_DIR: database.dataDir, DATABASE_URL: database.url }, url: database.url, dataDir: database.dataDir, destroy: () => database.destroy() };
}

describe.each(testDialects)('backups on %s with disk storage', (dialect) => {
  let source: DocumentsTestServer;
  let sourceEnv: Record<string, string>;
  const cleanups: (() => Promise<void> | void)[] = [];
  /** The drill's backup, kept for the unhappy paths. */
  let backupDir = '';

  beforeAll(async () => {
    source = await startDocumentsServer(dialect, 'disk', { LEADS_RATE_LIMIT: '0' });
    sourceEnv = { DATA_DIR: source.server.database.dataDir, DATABASE_URL: source.server.database.url };
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await source?.close();
  });

  const postLead = (email: string) =>
    fetch(`${source.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Drill', lastName: 'Lead', company: 'Backup Drill Co', email, message: `Lead ${email} during a backup.` }),
    });
  const uploadDocument = (title: string, bytes: Buffer) => {
    const body = new FormData();
    body.append('title', title);
    body.append('description', 'Uploaded while a backup runs');
    body.append('category', 'infographics');
    body.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `${title}.pdf`);
    return fetch(`${source.url}/api/documents/upload`, { method: 'POST', body, headers: { cookie: source.cookie } });
  };
  const download = async (origin: string, id: number) => {
    const response = await fetch(`${origin}/api/documents/download/${id}`);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  it('restores a backup taken while leads and a document arrive: every lead acknowledged before it, every file byte-identical', async () => {
    const acknowledged: string[] = [];
    const uploaded: string[] = [];
    let running = true;
    let sent = 0;
    const leadLoop = async () => {
      while (running) {
        const email = `drill-${sent++}@example.com`;
        if ((await postLead(email)).status === 201) acknowledged.push(email);
      }
    };
    const uploadLoop = async () => {
      for (let n = 0; running; n++) {
        // A distinct file each time: bytes after %%EOF keep it a PDF.
        const response = await uploadDocument(`Drill document ${n}`, Buffer.concat([samplePdf(), Buffer.from(`\n% drill ${n}\n`)]));
        if (response.status === 201) uploaded.push(`Drill document ${n}`);
      }
    };
    const loops = [leadLoop(), leadLoop(), uploadLoop()];
    while (acknowledged.length < 10 || uploaded.length < 1) await new Promise((resolve) => setTimeout(resolve, 20));

    const leadsBefore = [...acknowledged];
    const uploadsBefore = [...uploaded];
    backupDir = path.join(tempDir('backups'), 'drill');
    cleanups.push(() => fs.rmSync(path.dirname(backupDir), { recursive: true, force: true }));
    const backup = await runBackupCli('backup', [backupDir], sourceEnv);
    const leadsDuring = acknowledged.length - leadsBefore.length;
    running = false;
    await Promise.all(loops);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${backupDir}`);
    // The site really was taking writes while the backup ran.
    expect(leadsDuring).toBeGreaterThan(0);

    const manifest = await readManifest(backupDir);
    expect(manifest).toMatchObject({ dialect, storage: { kind: 'disk' }, database: { method: dialect === 'sqlite' ? 'VACUUM INTO' : 'pg_dump -Fc' } });
    expect(manifest.database.tables.contact_messages).toBeGreaterThanOrEqual(leadsBefore.length);
    expect(fs.readdirSync(backupDir).sort()).toEqual(['database.' + (dialect === 'sqlite' ? 'sqlite' : 'pgdump'), 'manifest.json', 'objects'].sort());

    const target = await restoreTarget(dialect);
    cleanups.push(() => target.destroy());
    const restore = await runBackupCli('restore', [backupDir], target.env);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    const restored: SecondTestServer = await startServerOn(target.url, target.dataDir, {
      ADMIN_USERNAME: documentsAdmin.username,
      ADMIN_PASSWORD: documentsAdmin.password,
    });
    cleanups.push(() => restored.close());
    const db = restored.services.database.db;
    const emails = new Set((await db.selectFrom('contact_messages').select('email').execute()).map((row) => row.email));
    expect(leadsBefore.filter((email) => !emails.has(email))).toEqual([]);
    expect(emails.size).toBe(manifest.database.tables.contact_messages);

    const documents = await db.selectFrom('documents').select(['id', 'title', 'object_key']).orderBy('id').execute();
    const titles = documents.map((document) => document.title);
    for (const title of uploadsBefore) expect(titles).toContain(title);
    expect(documents.length).toBe(manifest.database.tables.documents);
    for (const document of documents) {
      const bytes = await download(restored.url, document.id);
      expect(bytes.equals(await download(source.url, document.id)), `${document.title} downloads byte-identical`).toBe(true);
    }
    // The restored site answers as a whole: its pages and an admin login.
    expect((await fetch(`${restored.url}/knowledge-base`)).status).toBe(200);
    const login = await fetch(`${restored.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(documentsAdmin),
    });
    expect(login.status).toBe(200);
  });

  it('refuses to write a backup into a directory that is not empty, and leaves it as it was', async () => {
    const before = fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8');
    const run = await runBackupCli('backup', [backupDir], sourceEnv);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${backupDir} exists and is not empty`);
    expect(run.stderr).toContain('--force');
    expect(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')).toBe(before);
  });

  it('replaces the backup in a directory with --force, never leaving a temporary folder', async () => {
    const dir = copyDir(backupDir);
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'the operator\'s own file');
    const run = await runBackupCli('backup', [dir, '--force'], sourceEnv);
    expect(run.code).toBe(0);
    expect(fs.readdirSync(dir).sort()).toEqual([`database.${dialect === 'sqlite' ? 'sqlite' : 'pgdump'}`, 'manifest.json', 'notes.txt', 'objects'].sort());
    expect((await readManifest(dir)).createdAt > (await readManifest(backupDir)).createdAt).toBe(true);
  });

  it('refuses to restore into a DATA_DIR that is not empty', async () => {
    const target = await restoreTarget(dialect);
    cleanups.push(() => target.destroy());
    fs.writeFileSync(path.join(target.dataDir, 'something.txt'), 'already here');
    const run = await runBackupCli('restore', [backupDir], target.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`DATA_DIR ${target.dataDir} is not empty`);
    expect(fs.readdirSync(target.dataDir)).toEqual(['something.txt']);
  });

  it('restores over an earlier restore with --force, to exactly what the manifest holds', async () => {
    const target = await restoreTarget(dialect);
    cleanups.push(() => target.destroy());
    expect((await runBackupCli('restore', [backupDir], target.env)).code).toBe(0);
    // The restored site lives on: a lead and a file that the backup does not have.
    const site = await startServerOn(target.url, target.dataDir);
    await site.services.database.db
      .insertInto('contact_messages')
      .values({ first_name: 'After', last_name: 'Restore', company: 'X', email: 'after@example.com', message: 'Not in the backup.', created_at: Date.now() })
      .execute();
    await site.close();
    fs.mkdirSync(path.join(target.dataDir, 'objects', 'documents'), { recursive: true });
    fs.writeFileSync(path.join(target.dataDir, 'objects', 'documents', 'extra.pdf'), 'not in the backup');

    const run = await runBackupCli('restore', [backupDir, '--force'], target.env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const manifest = await readManifest(backupDir);
    const again = await startServerOn(target.url, target.dataDir);
    try {
      const emails = (await again.services.database.db.selectFrom('contact_messages').select('email').execute()).map((row) => row.email);
      expect(emails).not.toContain('after@example.com');
      expect(emails).toHaveLength(manifest.database.tables.contact_messages ?? -1);
    } finally {
      await again.close();
    }
    expect(fs.existsSync(path.join(target.dataDir, 'objects', 'documents', 'extra.pdf'))).toBe(false);
  });

  it('refuses a backup whose file was changed after it was taken, naming the file, and restores nothing', async () => {
    const dir = copyDir(backupDir);
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const manifest: Manifest = await readManifest(dir);
    if (manifest.storage.kind !== 'disk') throw new Error('expected disk storage');
    const victim = manifest.storage.files[manifest.storage.files.length - 1];
    if (!victim) throw new Error('no files in the backup');
    const file = path.join(dir, victim.path);
    const bytes = fs.readFileSync(file);
    bytes[Math.floor(bytes.length / 2)] = (bytes[Math.floor(bytes.length / 2)] ?? 0) ^ 0xff;
    fs.writeFileSync(file, bytes);

    const target = await restoreTarget(dialect);
    cleanups.push(() => target.destroy());
    const run = await runBackupCli('restore', [dir], target.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${victim.path} does not match the manifest`);
    expect(run.stderr).toContain('Nothing was restored.');
    expect(fs.readdirSync(target.dataDir)).toEqual([]);
  });

  it('refuses a folder without a manifest as not a complete backup', async () => {
    const dir = copyDir(backupDir);
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    fs.rmSync(path.join(dir, 'manifest.json'));
    const target = await restoreTarget(dialect);
    cleanups.push(() => target.destroy());
    const run = await runBackupCli('restore', [dir], target.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${path.join(dir, 'manifest.json')} does not exist: ${dir} is not a complete backup`);
  });

  if (dialect === 'sqlite') {
    it('refuses a database that fails PRAGMA integrity_check even when its hash matches the manifest', async () => {
      const dir = copyDir(backupDir);
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      // Damage as a failing disk does before the hash is taken: the b-tree pages of a table, not the header.
      const file = path.join(dir, 'database.sqlite');
      const db = new SQLite(file);
      const pageSize = Number(db.pragma('page_size', { simple: true }));
      const rootPage = Number(db.prepare("select rootpage from sqlite_master where name = 'glossary_terms'").pluck().get());
      db.close();
      const bytes = fs.readFileSync(file);
      bytes.fill(0x5a, (rootPage - 1) * pageSize + 8, rootPage * pageSize - 100);
      fs.writeFileSync(file, bytes);
      const manifestFile = path.join(dir, 'manifest.json');
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
      const { createHash } = await import('node:crypto');
      manifest.database.file.sha256 = createHash('sha256').update(bytes).digest('hex');
      fs.writeFileSync(manifestFile, JSON.stringify(manifest));

      const target = await restoreTarget(dialect);
      cleanups.push(() => target.destroy());
      const run = await runBackupCli('restore', [dir], target.env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('fails PRAGMA integrity_check; nothing was restored');
      expect(fs.readdirSync(target.dataDir)).toEqual([]);
    });
  }

  if (dialect === 'postgres') {
    it('refuses to restore into a PostgreSQL database that is not empty', async () => {
      const dataDir = tempDir('restored');
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const run = await runBackupCli('restore', [backupDir], { DATA_DIR: dataDir, DATABASE_URL: source.server.database.url });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/The PostgreSQL database of DATABASE_URL is not empty \(\d+ tables\)/);
    });

    it('says what to install when pg_dump is missing, and leaves no backup folder behind', async () => {
      const dir = path.join(tempDir('backups'), 'no-pg-dump');
      cleanups.push(() => fs.rmSync(path.dirname(dir), { recursive: true, force: true }));
      await expect(createBackup(source.server.services.config, dir, { tools: { pgDump: 'pg_dump-not-installed' } })).rejects.toThrow(
        /pg_dump-not-installed was not found\. Install the PostgreSQL client tools/,
      );
      expect(fs.existsSync(dir)).toBe(false);
    });
  }
});

describe('backups on sqlite with S3 storage', () => {
  let source: DocumentsTestServer;
  let env: Record<string, string>;
  let backupDir = '';
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    source = await startDocumentsServer('sqlite', 's3', { LEADS_RATE_LIMIT: '0' });
    env = { DATA_DIR: source.server.database.dataDir, DATABASE_URL: source.server.database.url, ...(source.s3?.env ?? {}) };
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await source?.close();
  });

  it("records the bucket's objects, not the files, and says the bucket's versioning is their backup", async () => {
    backupDir = path.join(tempDir('backups'), 's3');
    cleanups.push(() => fs.rmSync(path.dirname(backupDir), { recursive: true, force: true }));
    const run = await runBackupCli('backup', [backupDir], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("the bucket's own versioning (or replication) is their backup");
    expect(fs.readdirSync(backupDir).sort()).toEqual(['database.sqlite', 'manifest.json']);

    const manifest = await readManifest(backupDir);
    if (manifest.storage.kind !== 's3') throw new Error('expected S3 storage in the manifest');
    expect(manifest.storage.bucket).toBe(source.s3?.bucket);
    expect(manifest.storage.note).toContain("the bucket's own versioning");
    const listed = new Map(manifest.storage.objects.map((object) => [object.key, object]));
    const documents = await source.server.services.database.db.selectFrom('documents').select(['object_key', 'size_bytes']).execute();
    expect(documents.length).toBeGreaterThan(0);
    for (const document of documents) {
      expect(listed.get(document.object_key)).toMatchObject({ size: document.size_bytes, etag: expect.stringMatching(/^[0-9a-f-]+$/) });
    }
    expect([...listed.keys()].sort()).toEqual(await source.objectKeys());
  });

  it('restores the database and warns about a listed object the bucket no longer holds', async () => {
    const target = await restoreTarget('sqlite');
    cleanups.push(() => target.destroy());
    const manifest = await readManifest(backupDir);
    if (manifest.storage.kind !== 's3') throw new Error('expected S3 storage in the manifest');
    const gone = manifest.storage.objects[0]?.key ?? '';
    const response = await fetch(`${source.s3?.endpoint}/${source.s3?.bucket}/${gone}`, { method: 'DELETE' });
    expect(response.status).toBe(204);

    const run = await runBackupCli('restore', [backupDir], { ...target.env, ...(source.s3?.env ?? {}) });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`warning: ${gone} is no longer in the bucket: restore it from the bucket's versions`);
    expect(fs.readdirSync(target.dataDir)).toEqual(['site.db']);
  });

  it('refuses to restore an S3 backup without S3_BUCKET, saying which bucket holds its files', async () => {
    const target = await restoreTarget('sqlite');
    cleanups.push(() => target.destroy());
    const run = await runBackupCli('restore', [backupDir], target.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`This backup's files are in the bucket ${source.s3?.bucket}; set S3_BUCKET`);
  });
});
