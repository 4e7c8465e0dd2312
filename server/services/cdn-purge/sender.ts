import type { Db } from '../../db/connection.ts';
import type { CdnPurgeRow } from '../../db/tables/cdn-purges.ts';
import type { Logger } from '../../logger.ts';
import { OutboxRunner, type OutboxTiming } from '../outbox/outbox-runner.ts';
import { nextPurgeDelay, parseTags, purgeQueries } from './outbox.ts';
import { type CdnPurger, PurgeError } from './purgers.ts';

/** The lease is longer than a purge's requests may take (PURGE_TIMEOUT_MS each). */
export const DEFAULT_PURGE_TIMING: OutboxTiming = { pollIntervalMs: 5_000, leaseMs: 120_000, batchSize: 20 };

/**
 * The sender of the CDN purge outbox (docs/operations.md, "CDN purge"): the polling, claiming
 * and lanes are OutboxRunner's (one lane: purges go one at a time, and stop() lets the one
 * being sent finish); this class hands a claimed row's tags to the configured
 * purger and records the outcome: sent, or tried again later on the schedule in outbox.ts, or
 * failed for good. Every failed attempt is logged and counted (`failures`, for /metrics).
 */
export class CdnPurgeSender extends OutboxRunner<CdnPurgeRow> {
  /** Failed attempts in this process since it started. */
  failures = 0;

  constructor(
    db: Db,
    logger: Logger,
    private readonly purger: CdnPurger,
    timing: OutboxTiming = DEFAULT_PURGE_TIMING,
    private readonly random: () => number = Math.random,
  ) {
    super(db, logger, timing, { queries: purgeQueries, runFailedMessage: 'CDN purge run failed', haltOnStop: false, nextDueFloorMs: 50 });
  }

  protected override async deliver(row: CdnPurgeRow, now: number): Promise<boolean> {
    const tags = parseTags(row.tags);
    const attempts = Number(row.attempts);
    const log = { purge: Number(row.id), contentVersion: Number(row.content_version), cdn: this.purger.name, tags, attempts };
    try {
      await this.purger.purge(tags, `vpv-content-${Number(row.content_version)}`);
    } catch (error) {
      this.failures++;
      const message = error instanceof Error ? error.message : String(error);
      const delay = nextPurgeDelay(attempts, this.random(), error instanceof PurgeError ? error.retryAfterMs : null);
      await this.finish(row, {
        status: delay === null ? 'failed' : 'pending',
        next_attempt_at: delay === null ? null : now + delay,
        last_error: message.slice(0, 1000),
      });
      if (delay === null) this.logger.error({ ...log, error: message }, 'CDN purge failed for good');
      else this.logger.warn({ ...log, error: message, retryAt: now + delay }, 'CDN purge failed; will retry');
      return false;
    }
    await this.finish(row, { status: 'sent', sent_at: Date.now(), next_attempt_at: null, last_error: null });
    this.logger.info(log, 'CDN purged');
    return true;
  }
}
