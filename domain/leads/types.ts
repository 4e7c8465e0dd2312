/**
 * Leads as the admin API answers them and the inbox page shows them. The database's row
 * types (server/db/tables/leads.ts) take their status and kind from here.
 */

export const LEAD_STATUSES = ['pending', 'handled'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
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
