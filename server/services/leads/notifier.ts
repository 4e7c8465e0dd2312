import nodemailer from 'nodemailer';
import type { Db } from '../../db/connection.ts';
import type { LeadNotificationRow } from '../../db/tables/leads.ts';
import type { Logger } from '../../logger.ts';
import { OutboxRunner, type OutboxTiming } from '../outbox/outbox-runner.ts';
import { type NotificationEmail, contactMessageEmail, demoRequestEmail } from './email.ts';
import { markLeadGone, markNotificationFailedAttempt, markNotificationSent, notificationQueries } from './outbox.ts';
import { findLead } from './queries.ts';

/** SMTP_URL, LEADS_NOTIFY_TO and LEADS_NOTIFY_FROM, validated in server/config.ts. */
export interface NotifySettings {
  smtpUrl: string;
  to: string;
  from: string;
}

export interface NotifierTiming extends OutboxTiming {
  maxAttempts: number;
  /** Wait after the n-th failed attempt (the last entry repeats). */
  retryDelaysMs: readonly number[];
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
 * The sender of the lead notification outbox (docs/leads.md, "The e-mail to sales"): the
 * polling and claiming are OutboxRunner's (one lane: e-mails go one at a time); this class
 * sends one row's e-mail and decides when a failed one is tried again. stop() lets the e-mail
 * being sent finish, claims nothing more, and turns later runs into no-ops, as the mailer is
 * closed after it.
 */
export class LeadNotifier extends OutboxRunner<LeadNotificationRow, NotifierTiming> {
  private readonly mailer: Mailer;

  constructor(
    db: Db,
    logger: Logger,
    private readonly settings: NotifySettings,
    private readonly siteUrl: string,
  ) {
    super(db, logger, DEFAULT_TIMING, { queries: notificationQueries, runFailedMessage: 'lead notification run failed', haltOnStop: true });
    this.mailer = smtpMailer(settings.smtpUrl);
  }

  override async stop(): Promise<void> {
    await super.stop();
    this.mailer.close();
  }

  protected override async deliver(row: LeadNotificationRow, now: number): Promise<boolean> {
    const id = Number(row.id);
    const attempts = Number(row.attempts);
    try {
      const email = await this.emailFor(row);
      if (!email) {
        await markLeadGone(this.db, row, Date.now());
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
