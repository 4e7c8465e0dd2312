import type { Db } from '../../db/connection.ts';
import { WorkQueue } from '../../lib/work-queue.ts';
import type { Logger } from '../../logger.ts';
import type { OutboxOutcome, OutboxQueries, OutboxRow } from './queries.ts';

/** What every outbox runner needs to know about time and batches. */
export interface OutboxTiming {
  /** The longest pause between looks for due rows (committing a row also wakes the runner at once). */
  pollIntervalMs: number;
  /** How long a claim holds; after that another process may take the row over. */
  leaseMs: number;
  batchSize: number;
}

export interface OutboxRunnerSetup<Row extends OutboxRow> {
  queries: OutboxQueries<Row>;
  /** The log message when a run fails as a whole (the database went away, say). */
  runFailedMessage: string;
  /**
   * Whether stop() also turns later runs into no-ops (the e-mail notifier, which closes its
   * mailer after stopping). Otherwise runOnce still works after stop() (the webhook tests
   * drive the sender by hand).
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
 * How many lanes one process sends on at once (webhooks: endpoints). Each lane has at most
 * one attempt in flight, and an attempt mostly waits on the network, so this bounds sockets
 * and database round trips rather than CPU: eight keeps a handful of hung receivers from
 * holding back the healthy ones (a hung one holds its lane for the 15 s timeout) while a
 * burst of leads to many endpoints cannot open hundreds of connections at once.
 */
export const LANES_AT_ONCE = 8;

/**
 * The background sender of an outbox (docs/leads.md, "The e-mail to sales" and "Retries";
 * docs/decisions/007-lead-capture.md). Every process runs one per outbox; the database
 * decides which process sends which row (queries.ts), so healthy processes never make an
 * attempt twice and nothing is lost when one dies.
 *
 * How a process sends:
 * - A *look* asks the database for due rows. Looks run one at a time (a timer, a wake()
 *   after a commit and a test's runOnce() queue on one chain), and a look only starts work,
 *   it never waits for a delivery: a hung receiver cannot hold up the next look.
 * - The due rows are split into *lanes* (webhooks: one per endpoint; the e-mail and CDN
 *   outboxes are a single lane). A lane's rows are claimed and delivered one at a time,
 *   oldest first; different lanes go side by side, at most LANES_AT_ONCE at once.
 * - While a lane is at work, looks leave its rows out (they wait their turn in that lane);
 *   when it ends, the runner looks again at once.
 * - stop() cancels: no lane claims another row, the attempt in flight gets an aborted signal
 *   (the webhook sender abandons its request and puts the row back), and stop() resolves
 *   once every lane has ended.
 *
 * A subclass says how one claimed row is delivered and what a failure means for it.
 */
export abstract class OutboxRunner<Row extends OutboxRow, Timing extends OutboxTiming = OutboxTiming> {
  /** The looks, one after the other. */
  private looks: Promise<unknown> = Promise.resolve();
  /** The lanes at work in this process, by lane: each resolves with how many rows it delivered. */
  private readonly lanesAtWork = new Map<number, Promise<number>>();
  private readonly laneSlots = new WorkQueue({ concurrency: LANES_AT_ONCE });
  /** Aborted by stop(): the lanes started before it claim nothing more. A fresh one for later lanes. */
  private cancel = new AbortController();
  private polling = false;
  private halted = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  protected constructor(
    protected readonly db: Db,
    protected readonly logger: Logger,
    protected readonly timing: Timing,
    private readonly setup: OutboxRunnerSetup<Row>,
  ) {}

  /**
   * Delivers one row this process has claimed (and records the outcome); true when it was
   * delivered. `cancelled` is aborted when the runner stops (a shutdown) while it works.
   */
  protected abstract deliver(row: Row, now: number, cancelled: AbortSignal): Promise<boolean>;

  /** Records how the attempt on a claimed row ended, unless the claim has passed to another process (OutboxQueries.finish). */
  protected async finish(row: Row, outcome: OutboxOutcome<Row>): Promise<void> {
    await this.setup.queries.finish(this.db, row, outcome);
  }

  /** The pause before the next look: the poll interval, or sooner when the next row falls due first (nextDueFloorMs). */
  private async nextPollDelayMs(): Promise<number> {
    const floor = this.setup.nextDueFloorMs;
    if (floor === undefined) return this.timing.pollIntervalMs;
    const at = await this.setup.queries.nextDueAt(this.db, [...this.lanesAtWork.keys()]);
    return at === null ? this.timing.pollIntervalMs : Math.min(this.timing.pollIntervalMs, Math.max(floor, at - Date.now()));
  }

  start(): this {
    this.polling = true;
    this.halted = false;
    this.schedule(0);
    return this;
  }

  /** Asks for a look soon (a row was just committed); never waits for it. */
  wake(): void {
    this.schedule(0);
  }

  /**
   * Sends every row due at `now` (tests pass a later time instead of waiting); resolves with
   * how many were delivered, once the lanes this look started have ended. Rows of a lane
   * already at work are left to that lane's next turn.
   */
  async runOnce(now?: number): Promise<number> {
    const started = await this.look(now);
    const counts = await Promise.all(started);
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** Ends the polling, cancels the lanes at work (see the class comment) and waits for them and for the look in progress. */
  async stop(): Promise<void> {
    this.polling = false;
    if (this.setup.haltOnStop) this.halted = true;
    clearTimeout(this.timer);
    this.cancel.abort();
    this.cancel = new AbortController();
    await this.looks;
    await Promise.all(this.lanesAtWork.values());
  }

  /** The next look in `delayMs`, replacing the one planned (polling only). */
  private schedule(delayMs: number): void {
    if (!this.polling) return;
    clearTimeout(this.timer);
    const timer = setTimeout(() => {
      this.look()
        .then(() => this.nextPollDelayMs())
        .then(
          (delay) => {
            // A wake() during this look planned a look of its own, sooner: keep that one.
            if (this.timer === timer) this.schedule(delay);
          },
          (error: unknown) => {
            this.logger.error({ err: error }, this.setup.runFailedMessage);
            if (this.timer === timer) this.schedule(this.timing.pollIntervalMs);
          },
        );
    }, delayMs);
    this.timer = timer;
    // The poll must never keep a finished process (or a test) alive.
    timer.unref();
  }

  /** Queues a look on the chain; resolves with the lanes it started. */
  private look(now?: number): Promise<Promise<number>[]> {
    const look = this.looks.then(() => this.startDueLanes(now ?? Date.now()));
    this.looks = look.catch(() => undefined);
    return look;
  }

  /** Finds the rows due at `now` outside the busy lanes and starts a lane for each lane they are in. */
  private async startDueLanes(now: number): Promise<Promise<number>[]> {
    if (this.halted) return [];
    // Taken before the query: a stop() while it runs cancels the lanes this look starts.
    const cancelled = this.cancel.signal;
    const due = await this.setup.queries.dueRows(this.db, now, this.timing.batchSize, [...this.lanesAtWork.keys()]);
    // Oldest first within each lane: the rows come in the outbox's order.
    const idsByLane = new Map<number, number[]>();
    for (const { id, lane } of due) {
      const ids = idsByLane.get(lane);
      if (ids) ids.push(id);
      else idsByLane.set(lane, [id]);
    }
    return [...idsByLane].map(([lane, ids]) => {
      const work = this.laneSlots
        .run(() => this.deliverLane(ids, now, cancelled))
        .catch((error: unknown) => {
          // The rest of this lane's rows keep their claims or stay due: they are tried again later.
          this.logger.error({ err: error, lane }, this.setup.runFailedMessage);
          return 0;
        })
        .finally(() => {
          this.lanesAtWork.delete(lane);
          // Rows that came for this lane while it worked, and the next due time with it counted.
          this.schedule(0);
        });
      this.lanesAtWork.set(lane, work);
      return work;
    });
  }

  /** One lane's rows, one at a time, oldest first, until they are done or the runner stops. */
  private async deliverLane(ids: number[], now: number, cancelled: AbortSignal): Promise<number> {
    let delivered = 0;
    for (const id of ids) {
      if (this.halted || cancelled.aborted) break;
      // A claim's lease runs from when it is taken, not from the look: this lane may have
      // waited for a slot or behind a slow row.
      const waitedMs = Math.max(0, Date.now() - now);
      const row = await this.setup.queries.claim(this.db, id, now, this.timing.leaseMs + waitedMs);
      if (row && (await this.deliver(row, now, cancelled))) delivered++;
    }
    return delivered;
  }
}
