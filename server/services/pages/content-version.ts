import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { ContentChange } from '../../http-cache/cache-tags.ts';

/** How long a process trusts the version it last read before it asks the database again. */
export const CONTENT_VERSION_READ_INTERVAL_MS = 1000;

/** Where a raise queues its CDN purge (server/services/cdn-purge/): inside the raise's transaction, then told it committed. */
export interface PurgeQueue {
  enqueue(trx: Db, version: number, change: ContentChange | undefined): Promise<void>;
  committed(): void;
}

/**
 * The version of everything public pages show from the database (glossary terms, documents and
 * their carousel images): one counter in `content_versions`, raised by every write to that
 * content, in whichever process it happens. The page cache (server/page-cache/) keeps pages
 * per version, so a write shows on the next anonymous request in this process, and within a
 * second in the others, which read the counter at most once a second and only when asked.
 * With a CDN configured (`purges`), each raise also queues the purge of the pages the change
 * touched, in the same transaction: one purge per raise, whichever process made it.
 */
export class ContentVersion {
  private known = 0;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly readIntervalMs = CONTENT_VERSION_READ_INTERVAL_MS,
    private readonly now: () => number = Date.now,
    private readonly purges: PurgeQueue | null = null,
  ) {}

  /** The current version: from memory when read less than a second ago, else from the database (one read at a time). */
  current(): Promise<number> {
    if (this.now() - this.readAt < this.readIntervalMs) return Promise.resolve(this.known);
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /**
   * Raises the version after a write; this process sees the new one at once. `change` says what
   * was written, for the CDN purge; without it every kind of content is purged.
   */
  async bump(change?: ContentChange): Promise<number> {
    const purges = this.purges;
    const version = purges
      ? await this.db.transaction().execute(async (trx) => {
          const raised = await raise(trx);
          await purges.enqueue(trx, raised, change);
          return raised;
        })
      : await raise(this.db);
    this.remember(version);
    purges?.committed();
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

async function raise(db: Db): Promise<number> {
  const row = await db
    .updateTable('content_versions')
    .set({ version: sql<number>`version + 1` })
    .where('name', '=', 'pages')
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}
