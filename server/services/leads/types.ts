import type { LeadKind, LeadStatus } from '../../db/tables/leads.ts';

export type { LeadKind, LeadStatus };

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

export const LEAD_STATUSES: readonly LeadStatus[] = ['pending', 'handled'];
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
