import type { LeadKind, LeadStatus } from '@domain/leads/types.ts';
import type { Generated, Insertable, Selectable } from 'kysely';
import type { OutboxStatus } from './outbox-status.ts';

export type NotificationStatus = OutboxStatus;

export interface ContactMessageTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  company: string;
  email: string;
  message: string;
  status: Generated<LeadStatus>;
  /** Epoch milliseconds. */
  created_at: number;
  /** Epoch ms when it went to the trash; null while live (docs/trash-and-audit.md). */
  deleted_at: Generated<number | null>;
  deleted_by: Generated<string | null>;
}

export interface DemoRequestTable {
  id: Generated<number>;
  name: string;
  phone: string;
  email: string;
  company: string;
  title: string | null;
  notes: string | null;
  status: Generated<LeadStatus>;
  /** Epoch milliseconds. */
  created_at: number;
  /** Epoch ms when it went to the trash; null while live (docs/trash-and-audit.md). */
  deleted_at: Generated<number | null>;
  deleted_by: Generated<string | null>;
}

/** The notification outbox: one row per lead to e-mail, written in the lead's transaction. */
export interface LeadNotificationTable {
  id: Generated<number>;
  kind: LeadKind;
  lead_id: number;
  status: Generated<NotificationStatus>;
  attempts: Generated<number>;
  /** Epoch ms: when a pending row is due, or when a 'sending' claim expires (a crashed sender). */
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  /** Epoch ms when an admin took a failing e-mail off the badge (docs/leads.md); null otherwise. */
  dismissed_at: Generated<number | null>;
  dismissed_by: Generated<string | null>;
}

/** One change of a lead's status: from what, to what, when and by which admin. */
export interface LeadStatusChangeTable {
  id: Generated<number>;
  lead_kind: LeadKind;
  lead_id: number;
  status: LeadStatus;
  previous_status: LeadStatus;
  /** Epoch milliseconds. */
  at: number;
  admin_name: string;
}

export type ContactMessageRow = Selectable<ContactMessageTable>;
export type NewContactMessage = Insertable<ContactMessageTable>;
export type DemoRequestRow = Selectable<DemoRequestTable>;
export type NewDemoRequest = Insertable<DemoRequestTable>;
export type LeadNotificationRow = Selectable<LeadNotificationTable>;

export interface LeadTables {
  contact_messages: ContactMessageTable;
  demo_requests: DemoRequestTable;
  lead_notifications: LeadNotificationTable;
  lead_status_changes: LeadStatusChangeTable;
}
