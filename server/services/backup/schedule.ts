import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BackupScheduleConfig } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { type PeriodicTask, startPeriodicTask } from '../../lib/periodic-task.ts';
import type { Logger } from '../../logger.ts';
import { type BackupConfig, type BackupResult, createBackup } from './backup.ts';
import { exists } from './files.ts';
import { MANIFEST_FILE } from './manifest.ts';
import type { PgTools } from './postgres.ts';

/** How long a claim holds without being renewed; the holder renews it every LEASE_MS / 5 while it works. */
export const LEASE_MS = 10 * 60_000;
/** After a failed backup, the wait before any process tries again (at most the interval). */
const RETRY_AFTER_MS = 15 * 60_000;
/** How often each process asks whether a backup is due. */
const TICK_MAX_MS = 60_000;

/** Backup folders are named by their UTC start time, to the millisecond: `2026-11-26T08-30-00-123Z`. */
const FOLDER = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;
export const folderName = (time: number) => new Date(time).toISOString().replace(/[:.]/g, '-');

/**
 * Scheduled backups (README, "Backups"; docs/decisions/025-backups.md): every process asks
 * once a minute whether one is due, and the database decides which one takes it. One row,
 * `backup_lease`, holds the claim (taken with one conditional UPDATE, like the lead
 * notifier's outbox) and when the last backup finished, so N processes take one backup per
 * interval between them, never two at once, and a process that dies mid-backup frees the
 * claim when its lease runs out.
 */
export class BackupSchedule {
  private readonly holder = `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  private readonly abort = new AbortController();
  private task: PeriodicTask | null = null;

  constructor(
    private readonly db: Db,
    private readonly backup: BackupConfig,
    readonly settings: BackupScheduleConfig,
    private readonly logger: Logger,
    private readonly tools: PgTools = {},
  ) {}

  /** Starts asking on a timer (startPeriodicTask: at once, then every minute or every interval when shorter). */
  start(): this {
    this.task ??= startPeriodicTask('scheduled backup', Math.min(this.settings.intervalMs, TICK_MAX_MS), this.logger, () => this.runIfDue());
    return this;
  }

  /** Stops the timer and a backup in progress (its partial folder is removed), and waits for both. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.task?.stop();
  }

  /** Takes a backup when one is due at `now` and no other process is taking one; resolves with it, or null. */
  async runIfDue(now = Date.now()): Promise<BackupResult | null> {
    if (this.abort.signal.aborted || !(await this.claim(now))) return null;
    // Times stay on the caller's clock: `now` plus what has passed since.
    const startedAt = performance.now();
    const clock = () => now + Math.round(performance.now() - startedAt);
    const renew = setInterval(() => {
      void this.renew(clock()).catch((error: unknown) => this.logger.warn({ err: error }, 'could not renew the backup lease'));
    }, LEASE_MS / 5);
    renew.unref();
    const dir = path.join(this.settings.dir, folderName(now));
    try {
      await this.removeUnfinished();
      const result = await createBackup(this.backup, dir, { signal: this.abort.signal, tools: this.tools });
      clearInterval(renew);
      await this.release({ last_finished_at: clock(), lease_until: 0 });
      const removed = await this.prune();
      this.logger.info({ dir, bytes: result.bytes, ms: Math.round(result.ms), removed }, 'scheduled backup written');
      return result;
    } catch (error) {
      clearInterval(renew);
      if (this.abort.signal.aborted) {
        await this.release({ lease_until: 0 });
        return null;
      }
      await this.release({ lease_until: clock() + Math.min(RETRY_AFTER_MS, this.settings.intervalMs) });
      throw error;
    }
  }

  private async claim(now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('backup_lease')
      .set({ holder: this.holder, lease_until: now + LEASE_MS })
      .where('name', '=', 'scheduled')
      .where('lease_until', '<=', now)
      .where((eb) => eb.or([eb('last_finished_at', 'is', null), eb('last_finished_at', '<=', now - this.settings.intervalMs)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async renew(now: number): Promise<void> {
    await this.db
      .updateTable('backup_lease')
      .set({ lease_until: now + LEASE_MS })
      .where('name', '=', 'scheduled')
      .where('holder', '=', this.holder)
      .execute();
  }

  private async release(values: { lease_until: number; last_finished_at?: number }): Promise<void> {
    await this.db
      .updateTable('backup_lease')
      .set({ holder: null, ...values })
      .where('name', '=', 'scheduled')
      .where('holder', '=', this.holder)
      .execute();
  }

  /** Complete backups (with a manifest), newest first. */
  async list(): Promise<string[]> {
    const names = await readdirOrEmpty(this.settings.dir);
    const complete: string[] = [];
    for (const name of names.filter((entry) => FOLDER.test(entry)).sort().reverse()) {
      if (await exists(path.join(this.settings.dir, name, MANIFEST_FILE))) complete.push(name);
    }
    return complete;
  }

  /** Removes all but the newest BACKUP_KEEP complete backups; resolves with the folders removed. */
  private async prune(): Promise<string[]> {
    const old = (await this.list()).slice(this.settings.keep);
    for (const name of old) {
      // The manifest first, so a removal cut short never leaves a half backup that looks complete.
      await fs.rm(path.join(this.settings.dir, name, MANIFEST_FILE), { force: true });
      await fs.rm(path.join(this.settings.dir, name), { recursive: true, force: true });
    }
    return old;
  }

  /** Folders of backups a process died in: only the lease holder writes here, and it holds the lease now. */
  private async removeUnfinished(): Promise<void> {
    for (const name of await readdirOrEmpty(this.settings.dir)) {
      if (FOLDER.test(name) && !(await exists(path.join(this.settings.dir, name, MANIFEST_FILE)))) {
        await fs.rm(path.join(this.settings.dir, name), { recursive: true, force: true });
      }
    }
  }
}

async function readdirOrEmpty(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
