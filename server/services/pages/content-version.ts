import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

/** How long a process trusts the version it last read before it asks the database again. */
export const CONTENT_VERSION_READ_INTERVAL_MS = 1000;

/**
 * The version of everything public pages show from the database (glossary terms, documents and
 * their carousel images): one counter in `content_versions`, raised by every write to that
 * content, in whichever process it happens. The page cache (server/page-cache/) keeps pages
 * per version, so a write shows on the next anonymous request in this process, and within a
 * second in the others, which read the counter at most once a second and only when asked.
 */
export class ContentVersion {
  private known = 0;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly readIntervalMs = CONTENT_VERSION_READ_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The current version: from memory when read less than a second ago, else from the database (one read at a time). */
  current(): Promise<number> {
    if (this.now() - this.readAt < this.readIntervalMs) return Promise.resolve(this.known);
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /** Raises the version after a write; this process sees the new one at once. */
  async bump(): Promise<number> {
    const row = await this.db
      .updateTable('content_versions')
      .set({ version: sql<number>`version + 1` })
      .where('name', '=', 'pages')
      .returning('version')
      .executeTakeFirstOrThrow();
    this.remember(Number(row.version));
    return this.known;
  }

  private async read(): Promise<number> {
    const row = await this.db.selectFrom('content_versions').select('version').where('name', '=', 'pages').executeTakeFirstOrThrow();
    this.remember(Number(row.version));
    return this.known;
  }

  private remember(version: number): void {
    // Never backwards: a read that started before this process's own bump may finish after it.
    this.known = Math.max(this.known, version);
    this.readAt = this.now();
  }
}
