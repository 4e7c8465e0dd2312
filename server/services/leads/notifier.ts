import nodemailer from 'nodemailer';
import type { Db } from '../../db/connection.ts';
import type { LeadNotificationRow } from '../../db/tables/leads.ts';
import type { Logger } from '../../logger.ts';
import { type NotificationEmail, contactMessageEmail, demoRequestEmail } from './email.ts';
import {
  claimNotification,
  dueNotificationIds,
  markNotificationFailedAttempt,
  markNotificationSent,
} from './outbox.ts';
import { findLead } from './queries.ts';

/** SMTP_URL, LEADS_NOTIFY_TO and LEADS_NOTIFY_FROM, validated in server/config.ts. */
export interface NotifySettings {
  smtpUrl: string;
  to: string;
  from: string;
}

export interface NotifierTiming {
  /** How often each process looks for due rows (a new lead also wakes it at once). */
  pollIntervalMs: number;
  /** How long a claim holds; after that another process may take the row over. */
  leaseMs: number;
  maxAttempts: number;
  /** Wait after the n-th failed attempt (the last entry repeats). */
  retryDelaysMs: readonly number[];
  batchSize: number;
}

export const DEFAULT_TIMING: NotifierTiming = {
  pollIntervalMs: 15_000,
  leaseMs: 5 * 60_000,
  maxAttempts: 8,
  retryDelaysMs: [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000, 3 * 60 * 60_000, 6 * 60 * 60_000],
  batchSize: 20,
};

/** The wait before the next try after `attempts` failed attempts. */
export function retryDelayMs(attempts: number, delays: readonly number[] = DEFAULT_TIMING.retryDelaysMs): number {
  return delays[Math.min(Math.max(attempts, 1), delays.length) - 1] ?? 60_000;
}

/** What the notifier needs from a mail transport; nodemailer's SMTP transport in production. */
export interface Mailer {
  send(message: NotificationEmail & { from: string; to: string }): Promise<void>;
  close(): void;
}

export function smtpMailer(smtpUrl: string): Mailer {
  // Short timeouts: a hung SMTP server must not hold a claim anywhere near its lease.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    send: async (message) => {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

/**
 * The background sender of the lead notification outbox. Every process runs one; the
 * database decides which process sends which row (see outbox.ts), so nothing is sent
 * twice while processes are healthy and nothing is lost when one dies. Runs within a
 * process are serialized.
 */
export class LeadNotifier {
  private readonly timing: NotifierTiming = DEFAULT_TIMING;
  private readonly mailer: Mailer;
  private chain: Promise<unknown> = Promise.resolve();
  private queued = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly settings: NotifySettings,
    private readonly siteUrl: string,
  ) {
    this.mailer = smtpMailer(settings.smtpUrl);
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks for a run soon (a lead was just committed); never waits for it. */
  wake(): void {
    if (this.stopped || this.queued) return;
    this.queued = true;
    void this.runOnce().finally(() => {
      this.queued = false;
    });
  }

  /** Sends every row due at `now`; resolves with how many were delivered. */
  runOnce(now?: number): Promise<number> {
    const run = this.chain.then(() => this.processDue(now ?? Date.now()));
    this.chain = run.catch(() => undefined);
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.chain;
    this.mailer.close();
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.runOnce()
        .catch((error: unknown) => this.logger.error({ err: error }, 'lead notification run failed'))
        .finally(() => this.schedule(this.timing.pollIntervalMs));
    }, delayMs);
    // The poll must never keep a finished process (or a test) alive.
    this.timer.unref();
  }

  private async processDue(now: number): Promise<number> {
    if (this.stopped) return 0;
    const ids = await dueNotificationIds(this.db, now, this.timing.batchSize);
    let delivered = 0;
    for (const id of ids) {
      if (this.stopped) break;
      const row = await claimNotification(this.db, id, now, this.timing.leaseMs);
      if (row && (await this.deliver(row, now))) delivered++;
    }
    return delivered;
  }

  private async deliver(row: LeadNotificationRow, now: number): Promise<boolean> {
    const id = Number(row.id);
    const attempts = Number(row.attempts);
    try {
      const email = await this.emailFor(row);
      if (!email) {
        await markNotificationFailedAttempt(this.db, id, 'The lead no longer exists.', null);
        return false;
      }
      await this.mailer.send({ ...email, from: this.settings.from, to: this.settings.to });
      await markNotificationSent(this.db, id, Date.now());
      this.logger.info({ notification: id, kind: row.kind, lead: row.lead_id, attempts }, 'lead notification sent');
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = attempts >= this.timing.maxAttempts;
      const retryAt = giveUp ? null : now + retryDelayMs(attempts, this.timing.retryDelaysMs);
      await markNotificationFailedAttempt(this.db, id, message, retryAt);
      this.logger.warn(
        { notification: id, kind: row.kind, lead: row.lead_id, attempts, retryAt, error: message },
        giveUp ? 'lead notification failed for good' : 'lead notification failed; will retry',
      );
      return false;
    }
  }

  private async emailFor(row: LeadNotificationRow): Promise<NotificationEmail | null> {
    const leadId = Number(row.lead_id);
    if (row.kind === 'contact') {
      const lead = await findLead(this.db, 'contact', leadId);
      return lead ? contactMessageEmail(lead, this.siteUrl) : null;
    }
    const lead = await findLead(this.db, 'demo', leadId);
    return lead ? demoRequestEmail(lead, this.siteUrl) : null;
  }
}
