/**
 * The audit log (docs/trash-and-audit.md): one row per admin write, shown on the Activity
 * page. Shared by the admin API and that page.
 */

/** What a row is about. */
export const AUDIT_ENTITY_KINDS = ['document', 'carousel', 'glossary', 'contact', 'demo', 'admin', 'trash', 'webhook', 'notification', 'content', 'audit'] as const;
export type AuditEntityKind = (typeof AUDIT_ENTITY_KINDS)[number];

export const AUDIT_ACTIONS = [
  'document.create',
  'document.update',
  'document.delete',
  'document.restore',
  'document.purge',
  'carousel.update',
  'glossary.create',
  'glossary.update',
  'glossary.delete',
  'glossary.restore',
  'glossary.purge',
  'lead.status',
  'lead.delete',
  'lead.restore',
  'lead.purge',
  'notification.dismiss',
  'admin.login',
  'admin.login_failed',
  'admin.logout',
  'admin.create',
  'admin.password',
  'admin.delete',
  'admin.totp_enable',
  'admin.totp_disable',
  'admin.role',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotate',
  'webhook.test',
  'webhook.replay',
  'webhook.dismiss',
  'content.draft',
  'content.discard',
  'content.publish',
  'content.restore',
  'content.photo',
  'audit.prune',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** admin_name of rows written by the admin CLI (`npm run admin`), and by the periodic sweep (trash and audit retention). */
export const AUDIT_CLI_NAME = 'cli';
export const AUDIT_SYSTEM_NAME = 'system';

/** A row's fields before or after the change (never a password hash, session token or TOTP secret). */
export type AuditFields = Record<string, unknown>;

/** One row of GET /api/admin/activity. */
export interface ActivityItem {
  id: number;
  /** ISO 8601. */
  at: string;
  /** The admin's username, `cli`, `system`, or the name typed at a failed login. */
  admin: string;
  action: string;
  kind: string;
  entityId: string | null;
  summary: string;
  before: AuditFields | null;
  after: AuditFields | null;
}

/** GET /api/admin/activity?admin=&kind=&page=&pageSize= */
export interface ActivityPage {
  items: ActivityItem[];
  total: number;
  page: number;
  pageSize: number;
  /** The distinct admin names and kinds in the whole log, for the filters. */
  admins: string[];
  kinds: string[];
}

export const ACTIVITY_DEFAULT_PAGE_SIZE = 50;
export const ACTIVITY_MAX_PAGE_SIZE = 200;

/** The fields whose values differ between before and after (both sides' keys), in a stable order. */
export function changedFields(before: AuditFields | null, after: AuditFields | null): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key]));
}
