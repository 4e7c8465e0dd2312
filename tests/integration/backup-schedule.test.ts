import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../server/services/backup/manifest.ts';
import { BackupSchedule } from '../../server/services/backup/schedule.ts';
import { testDialects } from '../helpers/databases.ts';
import { type SecondTestServer, type TestServer, startSecondServer, startTestServer } from '../helpers/server.ts';

const HOUR = 3_600_000;
const complete = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => fs.existsSync(path.join(dir, name, 'manifest.json'))).sort() : [];

describe.each(testDialects)('scheduled backups on %s', (dialect) => {
  let first: TestServer;
  let second: SecondTestServer;
  let backupDir: string;
  const schedule = (server: { services: { scheduledBackups: BackupSchedule | null } }) => {
    if (!server.services.scheduledBackups) throw new Error('BACKUP_DIR should have started the schedule');
    return server.services.scheduledBackups;
  };

  beforeAll(async () => {
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vpv-scheduled-'));
    const env = { BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: '1000', BACKUP_KEEP: '2' };
    // Two processes on one database, both asking at start whether a backup is due.
    first = await startTestServer(dialect, env);
    second = await startSecondServer(first, env);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('takes the first backup at start in one process only, as a complete timestamped folder', async () => {
    const deadline = Date.now() + 15_000;
    while (complete(backupDir).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    // Long enough for the other process's first run to have asked too.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const folders = complete(backupDir);
    expect(folders).toHaveLength(1);
    expect(folders[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/);
    expect(fs.readdirSync(backupDir)).toEqual(folders);
    const manifest = await readManifest(path.join(backupDir, folders[0] ?? ''));
    expect(manifest.dialect).toBe(dialect);
    expect(manifest.database.tables.glossary_terms).toBeGreaterThan(0);
  });

  it('is not due again before the interval has passed', async () => {
    expect(await schedule(first).runIfDue(Date.now() + 999 * HOUR)).toBeNull();
    expect(await schedule(second).runIfDue(Date.now() + 999 * HOUR)).toBeNull();
    expect(complete(backupDir)).toHaveLength(1);
  });

  it('lets one process of two take a due backup, and keeps only the newest BACKUP_KEEP', async () => {
    const later = Date.now() + 1001 * HOUR;
    const taken = await Promise.all([schedule(first).runIfDue(later), schedule(second).runIfDue(later)]);
    expect(taken.filter((result) => result !== null)).toHaveLength(1);
    expect(complete(backupDir)).toHaveLength(2);

    const third = await schedule(second).runIfDue(later + 1001 * HOUR);
    expect(third).not.toBeNull();
    const folders = complete(backupDir);
    expect(folders).toHaveLength(2);
    expect(path.join(backupDir, folders[1] ?? '')).toBe(third?.dir);
    expect(folders[0]).toBe(path.basename(taken.find((result) => result !== null)?.dir ?? ''));
  });

  it('waits for a lease another process holds, and takes over one that ran out', async () => {
    const db = first.services.database.db;
    const now = Date.now() + 5000 * HOUR;
    await db.updateTable('backup_lease').set({ holder: 'elsewhere:1', lease_until: now + 60_000 }).execute();
    expect(await schedule(first).runIfDue(now)).toBeNull();
    // The holder died: its lease runs out and the next process to ask takes the backup.
    await db.updateTable('backup_lease').set({ lease_until: now - 1 }).execute();
    expect(await schedule(first).runIfDue(now)).not.toBeNull();
    expect(await db.selectFrom('backup_lease').select(['holder', 'lease_until']).executeTakeFirstOrThrow()).toEqual({ holder: null, lease_until: 0 });
  });

  it('removes a folder left by a process that died mid-backup, and lets a failed run retry later rather than at once', async () => {
    const leftover = path.join(backupDir, '2026-01-01T00-00-00-000Z');
    fs.mkdirSync(path.join(leftover, '.incomplete-x'), { recursive: true });
    const now = Date.now() + 10_000 * HOUR;
    expect(await schedule(second).runIfDue(now)).not.toBeNull();
    expect(fs.existsSync(leftover)).toBe(false);

    // A backup that fails (BACKUP_DIR is a file) frees the lease but asks for a pause before the next try.
    const db = first.services.database.db;
    await db.updateTable('backup_lease').set({ last_finished_at: null }).execute();
    const blocked = path.join(backupDir, 'blocked');
    fs.writeFileSync(blocked, '');
    const broken = new BackupSchedule(db, first.services.config, { dir: blocked, intervalMs: HOUR, keep: 2 }, first.services.logger);
    await expect(broken.runIfDue(now)).rejects.toThrow();
    const lease = await db.selectFrom('backup_lease').select(['holder', 'lease_until']).executeTakeFirstOrThrow();
    expect(lease.holder).toBeNull();
    expect(Number(lease.lease_until)).toBeGreaterThan(now);
    expect(await schedule(first).runIfDue(now + 1000)).toBeNull();
    fs.rmSync(blocked);
  });
});
