// Hostile and edited backups (issue 36): manifest paths that lead out of DATA_DIR, symbolic
// links inside a backup, BACKUP_KEY's signature, and the lease a restore must free. Real
// backups of a real site, edited as an attacker with write access to the backup folder would.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../server/config.ts';
import type { Dialect } from '../../server/db/connection.ts';
import { createBackup } from '../../server/services/backup/backup.ts';
import { BackupError, type Manifest, readManifest } from '../../server/services/backup/manifest.ts';
import { countTables } from '../../server/services/backup/postgres.ts';
import { restoreBackup } from '../../server/services/backup/restore.ts';
import { type TestDatabase, createTestDatabase, testDialects } from '../helpers/databases.ts';
import { runBackupCli } from '../helpers/cli.ts';
import { type TestServer, startServerOn, startTestServer } from '../helpers/server.ts';

const KEY = 'a backup key of at least thirty-two characters';
const OTHER_KEY = 'another backup key, also over thirty-two characters';

const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `vpv-${name}-`));
const sha256 = (bytes: Buffer | string) => crypto.createHash('sha256').update(bytes).digest('hex');
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
const writeJson = (file: string, manifest: unknown) => fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);

/** Every entry under `dir` (links not followed) with its kind, size or link target: the same list before and after means nothing was written. */
function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (relative: string) => {
    for (const name of fs.readdirSync(path.join(dir, relative)).sort()) {
      const child = path.join(relative, name);
      const stat = fs.lstatSync(path.join(dir, child));
      if (stat.isSymbolicLink()) out.push(`${child} -> ${fs.readlinkSync(path.join(dir, child))}`);
      else if (stat.isDirectory()) {
        out.push(`${child}/`);
        walk(child);
      } else out.push(`${child} ${stat.size} ${stat.mtimeMs}`);
    }
  };
  walk('');
  return out;
}


describe.each(testDialects)('hostile backups on %s', (dialect: Dialect) => {
  let source: TestServer;
  /** Backups of the same site: unsigned, signed with KEY, and unsigned after one more lead. */
  let plain = '';
  let signed = '';
  let later = '';
  /** On PostgreSQL, the empty database every refused restore points at (and must leave empty). */
  let emptyPostgres: TestDatabase | null = null;
  const cleanups: (() => Promise<void> | void)[] = [];
  const databaseFile = dialect === 'sqlite' ? 'database.sqlite' : 'database.pgdump';

  const configFor = (dataDir: string, url: string, key: string | null): Config =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: url, ...(key ? { BACKUP_KEY: key } : {}) });

  beforeAll(async () => {
    source = await startTestServer(dialect);
    const { config } = source.services;
    if (config.storage.kind !== 'disk') throw new Error('expected disk storage');
    fs.mkdirSync(path.join(config.storage.dir, 'documents'), { recursive: true });
    fs.writeFileSync(path.join(config.storage.dir, 'documents', 'brochure.pdf'), '%PDF-1.4 a brochure');
    fs.writeFileSync(path.join(config.storage.dir, 'documents', 'datasheet.pdf'), '%PDF-1.4 a datasheet');
    // As a scheduled backup sees it: the lease held by the process taking it.
    await source.services.database.db
      .updateTable('backup_lease')
      .set({ holder: 'taker:1', lease_until: Date.now() + 10 * 60_000, last_finished_at: Date.now() - 86_400_000 })
      .execute();
    const backups = tempDir('hostile-backups');
    cleanups.push(() => fs.rmSync(backups, { recursive: true, force: true }));
    plain = (await createBackup({ ...config, backupKey: null }, path.join(backups, 'plain'))).dir;
    signed = (await createBackup({ ...config, backupKey: KEY }, path.join(backups, 'signed'))).dir;
    await source.services.database.db
      .insertInto('contact_messages')
      .values({ first_name: 'Added', last_name: 'Later', company: 'X', email: 'later@example.com', message: 'Not in the first backups.', created_at: Date.now() })
      .execute();
    later = (await createBackup({ ...config, backupKey: null }, path.join(backups, 'later'))).dir;
    if (dialect === 'postgres') emptyPostgres = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await emptyPostgres?.destroy();
    await source?.close();
  });

  /**
   * A scene for one refused restore: under one temp folder, `site/backup` (a copy of `from`),
   * `site/data` (an empty DATA_DIR) and room around them for what an attack would write.
   */
  function scene(from: string) {
    const top = tempDir('hostile');
    cleanups.push(() => fs.rmSync(top, { recursive: true, force: true }));
    const backup = path.join(top, 'site', 'backup');
    const dataDir = path.join(top, 'site', 'data');
    fs.cpSync(from, backup, { recursive: true });
    fs.mkdirSync(dataDir);
    const url = dialect === 'sqlite' ? `file:${path.join(dataDir, 'site.db')}` : (emptyPostgres?.url ?? '');
    return { top, backup, dataDir, url, manifestFile: path.join(backup, 'manifest.json') };
  }

  /** Restores `backup` expecting a BackupError; checks that not a byte was written anywhere under `top`, nor in the database. */
  async function expectRefused(s: ReturnType<typeof scene>, key: string | null, ...messages: string[]): Promise<string> {
    const before = tree(s.top);
    const error = await restoreBackup(configFor(s.dataDir, s.url, key), s.backup).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error, 'the restore is refused').toBeInstanceOf(BackupError);
    const message = (error as BackupError).message;
    for (const text of messages) expect(message).toContain(text);
    expect(tree(s.top)).toEqual(before);
    expect(fs.readdirSync(s.dataDir)).toEqual([]);
    if (emptyPostgres) expect(await countTables(emptyPostgres.url)).toBe(0);
    return message;
  }

  /** A place a restore may succeed into: an empty DATA_DIR and (PostgreSQL) a new empty database. */
  async function target(): Promise<{ dataDir: string; url: string }> {
    if (dialect === 'sqlite') {
      const dataDir = tempDir('hostile-restored');
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      return { dataDir, url: `file:${path.join(dataDir, 'site.db')}` };
    }
    const database = await createTestDatabase('postgres');
    cleanups.push(() => database.destroy());
    return { dataDir: database.dataDir, url: database.url };
  }

  describe('manifest paths', () => {
    const outside = [
      'objects/../../../x/evil.txt',
      'objects/./../x/evil.txt',
      'objects/a/../../x/evil.txt',
      '../x/evil.txt',
      'objects/../../../../../../../../tmp/vpv-hostile-evil.txt',
      'objects\\..\\..\\x\\evil.txt',
      '/tmp/vpv-hostile-evil.txt',
      'C:/x/evil.txt',
      'objects/evil\u0000.txt',
      'objects//evil.txt',
      'objects/./evil.txt',
      'objects/evil.txt/',
      'x/evil.txt',
      '%2e%2e/x/evil.txt',
      'objects',
      'manifest.json',
    ];

    it.each(outside)('refuses a stored file at %j before writing anything, naming it', async (entry) => {
      const s = scene(plain);
      const evil = Buffer.from('written outside DATA_DIR');
      // Where the old restore would have read it, so that only the path check stands in the way.
      const readFrom = path.join(s.backup, entry);
      if (!entry.includes('\u0000') && !entry.endsWith('/') && readFrom.startsWith(`${s.top}${path.sep}`) && !fs.existsSync(readFrom)) {
        fs.mkdirSync(path.dirname(readFrom), { recursive: true });
        fs.writeFileSync(readFrom, evil);
      }
      const manifest = readJson(s.manifestFile);
      if (manifest.storage.kind !== 'disk') throw new Error('expected disk storage');
      manifest.storage.files.push({ path: entry, size: evil.length, sha256: sha256(evil) });
      writeJson(s.manifestFile, manifest);
      const message = await expectRefused(s, null, JSON.stringify(entry), 'nothing was restored');
      expect(message).toContain(`storage.files.${manifest.storage.files.length - 1}.path`);
      // Where the old restore would have written it (its staging folder was DATA_DIR/.restoring-<uuid>).
      const writeTo = path.join(s.dataDir, '.restoring-uuid', entry);
      if (writeTo !== readFrom && !entry.includes('\u0000')) expect(fs.existsSync(writeTo), writeTo).toBe(false);
      expect(fs.existsSync('/tmp/vpv-hostile-evil.txt')).toBe(false);
    });

    it.each([
      dialect === 'sqlite' ? 'database.pgdump' : 'database.sqlite',
      `../${databaseFile}`,
      `objects/${databaseFile}`,
      `./${databaseFile}`,
      `/etc/${databaseFile}`,
    ])('refuses a database file at %j', async (entry) => {
      const s = scene(plain);
      const manifest = readJson(s.manifestFile);
      manifest.database.file.path = entry;
      writeJson(s.manifestFile, manifest);
      await expectRefused(s, null, 'database.file.path', JSON.stringify(entry));
    });

    it('refuses a manifest that lists one stored file twice', async () => {
      const s = scene(plain);
      const manifest = readJson(s.manifestFile);
      if (manifest.storage.kind !== 'disk' || !manifest.storage.files[0]) throw new Error('expected stored files');
      manifest.storage.files.push(manifest.storage.files[0]);
      writeJson(s.manifestFile, manifest);
      await expectRefused(s, null, `${JSON.stringify(manifest.storage.files[0].path)} is listed twice`);
    });

    it('takes %2e%2e inside objects/ as the plain name it is, and restores it inside DATA_DIR', async () => {
      const s = scene(plain);
      const bytes = Buffer.from('a file named like an encoded dot-dot');
      fs.mkdirSync(path.join(s.backup, 'objects', '%2e%2e'), { recursive: true });
      fs.writeFileSync(path.join(s.backup, 'objects', '%2e%2e', 'odd.txt'), bytes);
      const manifest = readJson(s.manifestFile);
      if (manifest.storage.kind !== 'disk') throw new Error('expected disk storage');
      manifest.storage.files.push({ path: 'objects/%2e%2e/odd.txt', size: bytes.length, sha256: sha256(bytes) });
      writeJson(s.manifestFile, manifest);
      const into = await target();
      const result = await restoreBackup(configFor(into.dataDir, into.url, null), s.backup);
      expect(result.files).toBe(manifest.storage.files.length);
      expect(fs.readFileSync(path.join(into.dataDir, 'objects', '%2e%2e', 'odd.txt'))).toEqual(bytes);
    });
  });

  describe('symbolic links inside a backup', () => {
    it('refuses a stored file that is a link to a file outside the backup', async () => {
      const s = scene(plain);
      const secret = path.join(s.top, 'secret.txt');
      fs.writeFileSync(secret, 'read through a link');
      const victim = path.join(s.backup, 'objects', 'documents', 'brochure.pdf');
      fs.rmSync(victim);
      fs.symlinkSync(secret, victim);
      // The manifest agrees with what the link points at: only refusing links stops it.
      const manifest = readJson(s.manifestFile);
      if (manifest.storage.kind !== 'disk') throw new Error('expected disk storage');
      const entry = manifest.storage.files.find((file) => file.path === 'objects/documents/brochure.pdf');
      if (!entry) throw new Error('brochure.pdf is not in the backup');
      Object.assign(entry, { size: fs.statSync(secret).size, sha256: sha256(fs.readFileSync(secret)) });
      writeJson(s.manifestFile, manifest);
      await expectRefused(s, null, 'objects/documents/brochure.pdf', 'is a symbolic link');
    });

    it('refuses objects/ (and a folder inside it) that is a link to a folder outside the backup', async () => {
      for (const link of ['objects', 'objects/documents']) {
        const s = scene(plain);
        const elsewhere = path.join(s.top, 'elsewhere');
        fs.cpSync(path.join(s.backup, link), elsewhere, { recursive: true });
        fs.rmSync(path.join(s.backup, link), { recursive: true });
        fs.symlinkSync(elsewhere, path.join(s.backup, link));
        await expectRefused(s, null, `${link} in the backup is a symbolic link`);
      }
    });

    it('refuses a database file that is a link, even to an identical copy', async () => {
      const s = scene(plain);
      const copy = path.join(s.top, 'copy-of-database');
      fs.renameSync(path.join(s.backup, databaseFile), copy);
      fs.symlinkSync(copy, path.join(s.backup, databaseFile));
      await expectRefused(s, null, `${databaseFile} in the backup is a symbolic link`);
    });

    it('refuses a manifest that is a link', async () => {
      const s = scene(plain);
      const copy = path.join(s.top, 'manifest-elsewhere.json');
      fs.renameSync(s.manifestFile, copy);
      fs.symlinkSync(copy, s.manifestFile);
      await expectRefused(s, null, 'manifest.json is a symbolic link');
    });

    it('refuses a stored file that is a folder, or missing, before writing anything', async () => {
      const s = scene(plain);
      fs.rmSync(path.join(s.backup, 'objects', 'documents', 'datasheet.pdf'));
      fs.mkdirSync(path.join(s.backup, 'objects', 'documents', 'datasheet.pdf'));
      await expectRefused(s, null, 'objects/documents/datasheet.pdf in the backup is not a regular file');
      const t = scene(plain);
      fs.rmSync(path.join(t.backup, 'objects', 'documents', 'datasheet.pdf'));
      await expectRefused(t, null, 'objects/documents/datasheet.pdf is missing from the backup');
    });
  });

  describe('BACKUP_KEY', () => {
    /** `later`'s database in `signed`'s folder, with its hash, size and row counts put in the manifest: a plausible, consistent edit. */
    function editedDatabase() {
      const s = scene(signed);
      fs.copyFileSync(path.join(later, databaseFile), path.join(s.backup, databaseFile));
      const bytes = fs.readFileSync(path.join(s.backup, databaseFile));
      const manifest = readJson(s.manifestFile);
      manifest.database.file = { path: databaseFile, size: bytes.length, sha256: sha256(bytes) };
      manifest.database.tables = readJson(path.join(later, 'manifest.json')).database.tables;
      writeJson(s.manifestFile, manifest);
      return s;
    }

    it('signs the manifest over its whole content', async () => {
      const manifest = await readManifest(signed);
      expect(manifest.signature).toMatchObject({ algorithm: 'HMAC-SHA-256', keyId: expect.stringMatching(/^[0-9a-f]{16}$/), value: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect((await readManifest(plain)).signature).toBeUndefined();
    });

    it('restores a genuine signed backup with its key (even re-indented), and frees the backup lease', async () => {
      const s = scene(signed);
      // Layout is not content: the same manifest compact and with its fields in another order still verifies.
      const { signature, ...rest } = readJson(s.manifestFile);
      fs.writeFileSync(s.manifestFile, JSON.stringify({ signature, ...Object.fromEntries(Object.entries(rest).reverse()) }));
      const into = await target();
      const result = await restoreBackup(configFor(into.dataDir, into.url, KEY), s.backup);
      expect(result.warnings).toEqual([]);
      expect(result.files).toBe(rest.storage.kind === 'disk' ? rest.storage.files.length : -1);
      expect(fs.readFileSync(path.join(into.dataDir, 'objects', 'documents', 'brochure.pdf'), 'utf8')).toBe('%PDF-1.4 a brochure');

      // The backup saw the lease held; the restored database has it free, and no "last backup" of the old site.
      const backupDir = tempDir('hostile-scheduled');
      cleanups.push(() => fs.rmSync(backupDir, { recursive: true, force: true }));
      const started = Date.now();
      const restored = await startServerOn(into.url, into.dataDir, { BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: '24' });
      cleanups.push(() => restored.close());
      // The first scheduled backup is taken at once, not after the 10 minutes of a held lease.
      const db = restored.services.database.db;
      const lease = async () => db.selectFrom('backup_lease').selectAll().executeTakeFirstOrThrow();
      while ((await lease()).last_finished_at === null && Date.now() - started < 20_000) await new Promise((resolve) => setTimeout(resolve, 50));
      const after = await lease();
      expect(after).toMatchObject({ holder: null });
      expect(Number(after.lease_until)).toBe(0);
      expect(Number(after.last_finished_at)).toBeGreaterThanOrEqual(started);
      expect(Number(after.last_finished_at) - started).toBeLessThan(20_000);
      expect(fs.readdirSync(backupDir).filter((name) => fs.existsSync(path.join(backupDir, name, 'manifest.json')))).toHaveLength(1);
    });

    it('frees the lease on a restore without BACKUP_KEY too, and says a signed manifest went unchecked', async () => {
      const into = await target();
      const result = await restoreBackup(configFor(into.dataDir, into.url, null), signed);
      expect(result.warnings).toEqual([expect.stringContaining('BACKUP_KEY is not set, so the signature was not checked')]);
      const site = await startServerOn(into.url, into.dataDir);
      try {
        const lease = await site.services.database.db.selectFrom('backup_lease').selectAll().executeTakeFirstOrThrow();
        expect(lease).toMatchObject({ name: 'scheduled', holder: null, last_finished_at: null });
        expect(Number(lease.lease_until)).toBe(0);
      } finally {
        await site.close();
      }
    });

    it('refuses an edited database with a recomputed SHA-256 (which restores silently without the key)', async () => {
      const s = editedDatabase();
      await expectRefused(s, KEY, "signature does not match its content", 'Nothing was restored');
      // Without the key there is nothing to tell this edit from a genuine backup: that is what the key is for.
      const into = await target();
      const result = await restoreBackup(configFor(into.dataDir, into.url, null), s.backup);
      expect(result.manifest.database.tables.contact_messages).toBe((await readManifest(later)).database.tables.contact_messages);
    });

    it('refuses an edit of the manifest alone, and one that drops the signature', async () => {
      const s = scene(signed);
      const manifest = readJson(s.manifestFile);
      manifest.createdAt = new Date(0).toISOString();
      writeJson(s.manifestFile, manifest);
      await expectRefused(s, KEY, 'signature does not match');
      delete manifest.signature;
      writeJson(s.manifestFile, manifest);
      await expectRefused(s, KEY, 'is not signed, and BACKUP_KEY is set');
    });

    it('refuses an unsigned backup when BACKUP_KEY is set', async () => {
      await expectRefused(scene(plain), KEY, 'is not signed, and BACKUP_KEY is set');
    });

    it('refuses a backup signed with another key, naming both key ids', async () => {
      const message = await expectRefused(scene(signed), OTHER_KEY, 'was signed with another key');
      expect(message).toContain((await readManifest(signed)).signature?.keyId);
    });

    it('refuses a signature that is not an HMAC-SHA-256', async () => {
      const s = scene(signed);
      const manifest = readJson(s.manifestFile);
      Object.assign(manifest, { signature: { algorithm: 'none', keyId: '0', value: '' } });
      writeJson(s.manifestFile, manifest);
      await expectRefused(s, KEY, 'signature.algorithm');
    });

    it('refuses an edited backup through npm run restore, with exit code 1 and the reason', async () => {
      const s = editedDatabase();
      const before = tree(s.top);
      const run = await runBackupCli('restore', [s.backup], { DATA_DIR: s.dataDir, DATABASE_URL: s.url, BACKUP_KEY: KEY });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("signature does not match its content");
      expect(tree(s.top)).toEqual(before);
    });
  });
});
