import type { CdnPurgeConfig } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { ContentChange } from '../../http-cache/cache-tags.ts';
import type { Logger } from '../../logger.ts';
import type { OutboxTiming } from '../outbox/outbox-runner.ts';
import type { PurgeQueue } from '../pages/content-version.ts';
import { enqueuePurge, purgeTags } from './outbox.ts';
import { type CdnPurger, CloudFrontPurger, createPurger } from './purgers.ts';
import { CdnPurgeSender, DEFAULT_PURGE_TIMING } from './sender.ts';

const DAY_MS = 86_400_000;
/** How long a sent purge is kept before the sweep deletes it. */
export const PURGE_KEEP_SENT_MS = 7 * DAY_MS;
/** How long a purge that failed for good is kept (it counts in /metrics' outbox_failed until then). */
export const PURGE_KEEP_FAILED_MS = 30 * DAY_MS;

/**
 * Tells the configured CDN when content changes (docs/operations.md, "CDN purge";
 * docs/decisions/028-cdn-headers-and-purge.md). ContentVersion queues one purge per raise
 * (enqueue, in the raise's transaction) naming the cache tags of what changed; the sender of
 * every process sends due purges, each from one process only, and retries failures. With no
 * CDN_PURGE nothing is queued or sent. `queueLength` and `failures` are for /metrics.
 */
export class CdnPurgeService implements PurgeQueue {
  /** Null when no CDN is configured. */
  readonly sender: CdnPurgeSender | null;
  private readonly purger: CdnPurger | null;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly db: Db,
    logger: Logger,
    private readonly config: CdnPurgeConfig | null,
    timing: OutboxTiming = DEFAULT_PURGE_TIMING,
  ) {
    this.purger = createPurger(config);
    this.sender = this.purger ? new CdnPurgeSender(db, logger, this.purger, timing) : null;
  }

  /** Whether a CDN is configured: ContentVersion queues purges only then. */
  get enabled(): boolean {
    return this.sender !== null;
  }

  /** The purge of what `change` touched (everything, without one), due CDN_PURGE_DELAY_MS from now; inside the raise's transaction. */
  async enqueue(trx: Db, version: number, change: ContentChange | undefined): Promise<void> {
    if (!this.config) return;
    await enqueuePurge(trx, version, purgeTags(change), Date.now(), this.config.delayMs);
  }

  /** The raise committed: the sender looks when the purge falls due rather than at its next poll. */
  committed(): void {
    const sender = this.sender;
    if (!sender || !this.config) return;
    if (this.config.delayMs === 0) {
      sender.wake();
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      sender.wake();
    }, this.config.delayMs + 10);
    timer.unref();
    this.timers.add(timer);
  }

  start(): this {
    this.sender?.start();
    return this;
  }

  /** Stops the sender and waits for the purge in progress. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.sender?.stop();
    if (this.purger instanceof CloudFrontPurger) this.purger.close();
  }

  /** Purges waiting to be sent or being sent, in every process (0 without a CDN). */
  async queueLength(): Promise<number> {
    if (!this.enabled) return 0;
    return this.count(['pending', 'sending']);
  }

  /** Purges that failed for good (every attempt used), in every process: /metrics' outbox_failed, like the other outboxes' failed rows. */
  async failures(): Promise<number> {
    if (!this.enabled) return 0;
    return this.count(['failed']);
  }

  /**
   * Deletes what is only history: purges sent more than PURGE_KEEP_SENT_MS ago and purges that
   * failed for good more than PURGE_KEEP_FAILED_MS ago (they stay that long for /metrics and
   * for whoever looks into a failure). Run by the upload sweep of every process; returns how many.
   */
  async prune(now = Date.now()): Promise<number> {
    const result = await this.db
      .deleteFrom('cdn_purges')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'sent'), eb('sent_at', '<', now - PURGE_KEEP_SENT_MS)]),
          eb.and([eb('status', '=', 'failed'), eb('created_at', '<', now - PURGE_KEEP_FAILED_MS)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Failed purge attempts in this process since it started (each is also logged). */
  failedAttempts(): number {
    return this.sender?.failures ?? 0;
  }

  private async count(statuses: Array<'pending' | 'sending' | 'failed'>): Promise<number> {
    const row = await this.db
      .selectFrom('cdn_purges')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', 'in', statuses)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }
}
