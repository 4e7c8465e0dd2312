/**
 * Leads as the admin API answers them and the inbox page shows them. The database's row
 * types (server/db/tables/leads.ts) take their status and kind from here.
 */

/** A lead's business status (docs/leads.md): new until someone follows up, closed when done. */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'closed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/**
 * The statuses of the first inbox, still accepted by PATCH as another name for a new one, so
 * clients written for them keep working: `pending` is `new`, `handled` is `closed`.
 */
export const LEAD_STATUS_ALIASES = { pending: 'new', handled: 'closed' } as const satisfies Record<string, LeadStatus>;
export type LeadStatusAlias = keyof typeof LEAD_STATUS_ALIASES;

/** The status, or the one an old name stands for; null for anything else. */
export function canonicalLeadStatus(value: unknown): LeadStatus | null {
  if (typeof value !== 'string') return null;
  if ((LEAD_STATUSES as readonly string[]).includes(value)) return value as LeadStatus;
  return Object.hasOwn(LEAD_STATUS_ALIASES, value) ? LEAD_STATUS_ALIASES[value as LeadStatusAlias] : null;
}
/** Which form a lead came from: the contact form or a Request Demo dialog. */
export type LeadKind = 'contact' | 'demo';

/** A contact message as the admin API and the inbox page see it. */
export interface ContactMessage {
  id: number;
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  message: string;
  status: LeadStatus;
  /** ISO 8601. */
  createdAt: string;
}

export interface DemoRequest {
  id: number;
  name: string;
  phone: string;
  email: string;
  company: string;
  title: string | null;
  notes: string | null;
  status: LeadStatus;
  createdAt: string;
}

/** One status change of a lead, newest first in `statusHistory`. */
export interface LeadStatusChange {
  status: LeadStatus;
  previousStatus: LeadStatus;
  /** ISO 8601. */
  at: string;
  /** The admin's username. */
  by: string;
}

/** What became of a lead's e-mail to sales: none (no SMTP configured), pending, sent, failing (retrying) or failed (given up). */
export type EmailNotificationState = 'none' | 'pending' | 'sent' | 'failing' | 'failed';
export type WebhookNotificationState = 'delivered' | 'pending' | 'failing' | 'failed';

export interface EmailNotification {
  state: EmailNotificationState;
  lastError: string | null;
  /** ISO 8601: the next try of a pending or failing e-mail; null otherwise. */
  nextAttemptAt: string | null;
  attempts: number;
}

/** One webhook delivery about the lead (its creation or a status change). */
export interface WebhookNotification {
  /** The delivery's id (for Dismiss). */
  id: number;
  endpointId: number;
  url: string;
  eventType: string;
  state: WebhookNotificationState;
  lastError: string | null;
  nextAttemptAt: string | null;
  /** Whether an admin dismissed it from the failing badge. */
  dismissed: boolean;
}

export interface LeadNotifications {
  email: EmailNotification & { id: number | null; dismissed: boolean };
  webhooks: WebhookNotification[];
}

/** A lead as the inbox shows it: with its status history (newest first) and notifications. */
export type InboxLead<T> = T & { statusHistory: LeadStatusChange[]; notifications: LeadNotifications };

/** A channel whose delivery is failing, for the badge: GET /api/admin/notifications/failing. */
export type NotificationChannel = 'email' | 'webhook';
export const NOTIFICATION_CHANNELS = ['email', 'webhook'] as const satisfies readonly NotificationChannel[];

export interface FailingNotification {
  channel: NotificationChannel;
  /** The e-mail outbox row's or the webhook delivery's id. */
  id: number;
  /** Null for a webhook delivery about no lead (Send test event). */
  leadKind: LeadKind | null;
  leadId: number | null;
  lastError: string | null;
  /** ISO 8601: when the delivery was queued. */
  since: string;
}

export interface FailingNotifications {
  count: number;
  items: FailingNotification[];
}

export interface LeadListQuery {
  page: number;
  pageSize: number;
  status?: LeadStatus;
}

export interface LeadPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
