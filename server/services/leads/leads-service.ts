import { type ContactMessageInput, type DemoRequestInput, HONEYPOT_FIELD, contactMessageSchema, demoRequestSchema } from '@domain/leads/schemas.ts';
import type { ContactMessage, DemoRequest, InboxLead, LeadKind, LeadListQuery, LeadPage, LeadStatus } from '@domain/leads/types.ts';
import type { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import type { Logger } from '../../logger.ts';
import { hit } from '../rate-limiter.ts';
import { LeadNotifier, type NotifySettings } from './notifier.ts';
import { enqueueNotification } from './outbox.ts';
import { deleteHeldDeliveries, holdLeadDeliveries, requeueLeadNotifications } from './trash-holds.ts';
import { recordStatusChange, withInboxDetails } from './lead-details.ts';
import { type AuditActor, recordAudit, resolveActor } from '../audit/audit-log.ts';
import { enqueueLeadCreated, enqueueWebhooks, leadStatusChangedEvent } from '../webhooks/outbox.ts';
import {
  type LeadOf,
  allLeads,
  deleteTrashedLead,
  findLead,
  insertContactMessage,
  insertDemoRequest,
  listLeads,
  moveLead,
  setLeadStatus,
  trashedLeads,
} from './queries.ts';

/** How the trash and the audit log name a lead: "First Last (Company)" or "Name (Company)". */
export function leadTitle(lead: ContactMessage | DemoRequest): string {
  const name = 'firstName' in lead ? `${lead.firstName} ${lead.lastName}` : lead.name;
  return `${name} (${lead.company})`;
}

export interface LeadsOptions {
  /** Null when SMTP_URL / LEADS_NOTIFY_TO are not set: leads are stored, nobody is e-mailed. */
  notify: NotifySettings | null;
  /** The public origin the e-mails link to (the inbox). */
  siteUrl: string;
  /** Contact and demo posts a minute from one client address; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Woken after a lead's webhooks were queued in its transaction (docs/leads.md#webhooks). */
  webhooks?: { wake(): void } | null;
}

const RATE_WINDOW_MS = 60_000;

/**
 * What became of a visitor's submission. `sent` also covers one the honeypot dropped: a bot
 * gets the same answer as a person, and nothing is stored. A failure to store throws.
 */
export type LeadSubmission =
  | { outcome: 'sent' }
  | { outcome: 'invalid'; error: z.ZodError }
  | { outcome: 'limited'; retryAfterSeconds: number };

function trapFilled(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

/**
 * Contact messages and demo requests: storing them (with their notification, in one
 * transaction), listing them for the admin inbox, and the background notifier.
 */
export class LeadsService {
  readonly notifier: LeadNotifier | null;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly options: LeadsOptions,
  ) {
    this.notifier = options.notify ? new LeadNotifier(db, logger, options.notify, options.siteUrl) : null;
  }

  /**
   * A visitor's contact message or demo request, from the JSON API or a form posted without
   * JavaScript (docs/leads.md): counted against the client's budget (in the database, so every
   * process shares it), dropped when the honeypot is filled, checked by the shared schema, stored.
   */
  async submit(kind: LeadKind, body: Record<string, unknown>, client: string): Promise<LeadSubmission> {
    const limit = await hit(this.db, `leads:${client}`, { limit: this.options.rateLimitPerMinute, windowMs: RATE_WINDOW_MS });
    if (!limit.allowed) return { outcome: 'limited', retryAfterSeconds: limit.retryAfterSeconds };
    if (trapFilled(body[HONEYPOT_FIELD])) {
      this.logger.info({ kind, client }, 'lead dropped by the honeypot');
      return { outcome: 'sent' };
    }
    if (kind === 'contact') {
      const parsed = contactMessageSchema.safeParse(body);
      if (!parsed.success) return { outcome: 'invalid', error: parsed.error };
      await this.submitContactMessage(parsed.data);
    } else {
      const parsed = demoRequestSchema.safeParse(body);
      if (!parsed.success) return { outcome: 'invalid', error: parsed.error };
      await this.submitDemoRequest(parsed.data);
    }
    return { outcome: 'sent' };
  }

  /** Resolves once the lead (and its notification) is committed; returns its id. */
  async submitContactMessage(input: ContactMessageInput, now = Date.now()): Promise<number> {
    const id = await this.db.transaction().execute(async (trx) => {
      const leadId = await insertContactMessage(trx, {
        first_name: input.firstName,
        last_name: input.lastName,
        company: input.company,
        email: input.email,
        message: input.message,
        created_at: now,
      });
      if (this.notifier) await enqueueNotification(trx, 'contact', leadId, now);
      await enqueueLeadCreated(trx, 'contact', leadId, this.options.siteUrl, now);
      return leadId;
    });
    this.notifier?.wake();
    this.options.webhooks?.wake();
    return id;
  }

  async submitDemoRequest(input: DemoRequestInput, now = Date.now()): Promise<number> {
    const id = await this.db.transaction().execute(async (trx) => {
      const leadId = await insertDemoRequest(trx, { ...input, created_at: now });
      if (this.notifier) await enqueueNotification(trx, 'demo', leadId, now);
      await enqueueLeadCreated(trx, 'demo', leadId, this.options.siteUrl, now);
      return leadId;
    });
    this.notifier?.wake();
    this.options.webhooks?.wake();
    return id;
  }

  listContactMessages(query: LeadListQuery): Promise<LeadPage<InboxLead<ContactMessage>>> {
    return this.inboxPage('contact', query);
  }

  listDemoRequests(query: LeadListQuery): Promise<LeadPage<InboxLead<DemoRequest>>> {
    return this.inboxPage('demo', query);
  }

  allContactMessages(status?: LeadStatus): Promise<Array<InboxLead<ContactMessage>>> {
    return this.allWithDetails('contact', status);
  }

  allDemoRequests(status?: LeadStatus): Promise<Array<InboxLead<DemoRequest>>> {
    return this.allWithDetails('demo', status);
  }

  /** One page of the inbox: each lead with its status history and notifications (docs/leads.md). */
  private async inboxPage<K extends LeadKind>(kind: K, query: LeadListQuery): Promise<LeadPage<InboxLead<LeadOf<K>>>> {
    const page = await listLeads(this.db, kind, query);
    return { ...page, items: await withInboxDetails(this.db, kind, page.items) };
  }

  private async allWithDetails<K extends LeadKind>(kind: K, status?: LeadStatus): Promise<Array<InboxLead<LeadOf<K>>>> {
    return withInboxDetails(this.db, kind, await allLeads(this.db, kind, status));
  }

  /** How many live leads of a kind have this status (the inbox's tab counts). */
  countByStatus(kind: LeadKind, status: LeadStatus): Promise<number> {
    return listLeads(this.db, kind, { page: 1, pageSize: 1, status }).then((page) => page.total);
  }

  /**
   * The updated lead (with its history and notifications), or null when no live lead has that
   * id. A change is stored with its date and admin in `lead_status_changes` and audited as
   * `lead.status` with only the status (docs/trash-and-audit.md); setting the status it
   * already has changes and records nothing.
   */
  async setStatus<K extends LeadKind>(kind: K, id: number, status: LeadStatus, actor: AuditActor): Promise<InboxLead<LeadOf<K>> | null> {
    const who = await resolveActor(this.db, actor);
    const now = Date.now();
    const lead = await this.db.transaction().execute(async (trx) => {
      const before = await findLead(trx, kind, id);
      if (!before) return null;
      if (before.status === status) return before;
      const lead = await setLeadStatus(trx, kind, id, status);
      if (!lead) return null;
      await recordStatusChange(trx, {
        kind,
        leadId: id,
        status,
        previousStatus: before.status,
        at: now,
        adminName: (who.username ?? 'unknown').slice(0, 64),
      });
      await recordAudit(trx, {
        actor: who,
        action: 'lead.status',
        kind,
        entityId: id,
        summary: leadTitle(lead),
        before: { status: before.status },
        after: { status: lead.status },
        at: now,
      });
      if (before.status !== lead.status) await enqueueWebhooks(trx, leadStatusChangedEvent(kind, lead, before.status, who.username, this.options.siteUrl));
      return lead;
    });
    if (!lead) return null;
    this.options.webhooks?.wake();
    const [detailed] = await withInboxDetails(this.db, kind, [lead]);
    return detailed ?? null;
  }

  /** Moves a live lead to the trash; false when there is none. */
  async remove(kind: LeadKind, id: number, actor: AuditActor): Promise<boolean> {
    return (await this.move(kind, id, true, actor)) !== null;
  }

  /**
   * Brings a lead back from the trash; null when it is not there. What was held while it was
   * there (its e-mail, its webhook deliveries not yet made: ./trash-holds.ts) is queued again in
   * the same transaction, and the senders are woken.
   */
  async restore<K extends LeadKind>(kind: K, id: number, actor: AuditActor): Promise<LeadOf<K> | null> {
    const lead = await this.move(kind, id, false, actor);
    if (lead) {
      this.notifier?.wake();
      this.options.webhooks?.wake();
    }
    return lead;
  }

  private async move<K extends LeadKind>(kind: K, id: number, toTrash: boolean, actor: AuditActor): Promise<LeadOf<K> | null> {
    const who = await resolveActor(this.db, actor);
    const now = Date.now();
    return this.db.transaction().execute(async (trx) => {
      const lead = await moveLead(trx, kind, id, toTrash, who.username, now);
      if (!lead) return null;
      if (toTrash) await holdLeadDeliveries(trx, kind, id);
      else await requeueLeadNotifications(trx, kind, id, now);
      // Only the status and the kind: the visitor's message stays out of the log.
      await recordAudit(trx, {
        actor: who,
        action: toTrash ? 'lead.delete' : 'lead.restore',
        kind,
        entityId: id,
        summary: leadTitle(lead),
        ...(toTrash ? { before: { status: lead.status } } : { after: { status: lead.status } }),
        at: now,
      });
      return lead;
    });
  }

  /** Deletes a lead in the trash forever; false when it is not there. */
  async purge(kind: LeadKind, id: number, actor: AuditActor): Promise<boolean> {
    const who = await resolveActor(this.db, actor);
    return this.db.transaction().execute(async (trx) => {
      const lead = await deleteTrashedLead(trx, kind, id);
      if (!lead) return false;
      await deleteHeldDeliveries(trx, kind, id);
      await recordAudit(trx, { actor: who, action: 'lead.purge', kind, entityId: id, summary: leadTitle(lead), before: { status: lead.status } });
      return true;
    });
  }

  /** A kind's leads in the trash (deleted before `before`, when given), newest deletion first. */
  async trashed(kind: LeadKind, before?: number): Promise<Array<{ id: number; title: string; deletedAt: number; deletedBy: string | null }>> {
    return (await trashedLeads(this.db, kind, before)).map(({ lead, deletedAt, deletedBy }) => ({
      id: lead.id,
      title: leadTitle(lead),
      deletedAt,
      deletedBy,
    }));
  }

  start(): void {
    this.notifier?.start();
  }

  async stop(): Promise<void> {
    await this.notifier?.stop();
  }
}
