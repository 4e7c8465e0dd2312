import type { Db } from '../../db/connection.ts';
import type { Logger } from '../../logger.ts';
import type { OutboxQueries } from './queries.ts';

/** What every outbox runner needs to know about time and batches. */
export interface OutboxTiming {
  /** The longest pause between looks for due rows (committing a row also wakes the runner at once). */
  pollIntervalMs: number;
  /** How long a claim holds; after that another process may take the row over. */
  leaseMs: number;
  batchSize: number;
}

export interface OutboxRunnerSetup<Row> {
  queries: OutboxQueries<Row>;
  /** The log message when a run fails as a whole (the database went away, say). */
  runFailedMessage: string;
  /**
   * Whether stop() also ends the batch in progress and turns later runs into no-ops (the
   * e-mail notifier, which closes its mailer after stopping). Otherwise stop() only ends
   * the polling and runOnce still works (the webhook tests drive the sender by hand).
   */
  haltOnStop: boolean;
  /**
   * When set, the runner looks again as soon as the next row falls due (a delay, a retry, an
   * expiring claim), but not sooner than this after a run, and at least every pollIntervalMs.
   * Unset: every pollIntervalMs.
   */
  nextDueFloorMs?: number;
}

/**
 * The background sender of an outbox (docs/leads.md, "The e-mail to sales" and "Retries";
 * docs/decisions/007-lead-capture.md). Every process runs one per outbox; the database
 * decides which process sends which row (queries.ts), so healthy processes never make an
 * attempt twice and nothing is lost when one dies. Runs within a process are serialized:
 * a timer, a wake() after a commit and a test's runOnce() all queue on one chain.
 *
 * A subclass says how one claimed row is delivered and what a failure means for it.
 */
export abstract class OutboxRunner<Row, Timing extends OutboxTiming = OutboxTiming> {
  private chain: Promise<unknown> = Promise.resolve();
  private queued = false;
  private polling = false;
  private halted = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  protected constructor(
    protected readonly db: Db,
    protected readonly logger: Logger,
    protected readonly timing: Timing,
    private readonly setup: OutboxRunnerSetup<Row>,
  ) {}

  /** Delivers one row this process has claimed (and records the outcome); true when it was delivered. */
  protected abstract deliver(row: Row, now: number): Promise<boolean>;

  /** The pause before the next look for due rows: the poll interval, or sooner when the next row falls due first (nextDueFloorMs). */
  private async nextPollDelayMs(): Promise<number> {
    const floor = this.setup.nextDueFloorMs;
    if (floor === undefined) return this.timing.pollIntervalMs;
    const at = await this.setup.queries.nextDueAt(this.db);
    return at === null ? this.timing.pollIntervalMs : Math.min(this.timing.pollIntervalMs, Math.max(floor, at - Date.now()));
  }

  start(): this {
    this.polling = true;
    this.halted = false;
    this.schedule(0);
    return this;
  }

  /** Asks for a run soon (a row was just committed); never waits for it. */
  wake(): void {
    if (!this.polling || this.queued) return;
    this.queued = true;
    void this.runOnce()
      .catch((error: unknown) => this.logger.error({ err: error }, this.setup.runFailedMessage))
      .finally(() => {
        this.queued = false;
      });
  }

  /** Sends every row due at `now` (tests pass a later time instead of waiting); resolves with how many were delivered. */
  runOnce(now?: number): Promise<number> {
    const run = this.chain.then(() => this.processDue(now ?? Date.now()));
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Stops polling and waits for the run in progress. */
  async stop(): Promise<void> {
    this.polling = false;
    if (this.setup.haltOnStop) this.halted = true;
    clearTimeout(this.timer);
    await this.chain;
  }

  private schedule(delayMs: number): void {
    if (!this.polling) return;
    // start() may come again while polling (the webhook tests restart the sender): one timer only.
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.runOnce()
        .then(() => this.nextPollDelayMs())
        .then(
          (delay) => this.schedule(delay),
          (error: unknown) => {
            this.logger.error({ err: error }, this.setup.runFailedMessage);
            this.schedule(this.timing.pollIntervalMs);
          },
        );
    }, delayMs);
    // The poll must never keep a finished process (or a test) alive.
    this.timer.unref();
  }

  private async processDue(now: number): Promise<number> {
    if (this.halted) return 0;
    const ids = await this.setup.queries.dueIds(this.db, now, this.timing.batchSize);
    let delivered = 0;
    for (const id of ids) {
      if (this.halted) break;
      const row = await this.setup.queries.claim(this.db, id, now, this.timing.leaseMs);
      if (row && (await this.deliver(row, now))) delivered++;
    }
    return delivered;
  }
}
