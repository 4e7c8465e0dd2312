import type { Migration } from 'kysely';
import * as rateLimits from './2026-11-22-001-rate-limits.ts';
import * as admin from './2026-11-22-002-admin.ts';
import * as leads from './2026-11-22-003-leads.ts';
import * as glossary from './2026-11-22-004-glossary.ts';
import * as documents from './2026-11-22-005-documents.ts';
import * as uploads from './2026-11-23-006-uploads.ts';
import * as urlImports from './2026-11-24-007-url-imports.ts';
import * as contentVersion from './2026-11-24-008-content-version.ts';
import * as trashAuditVersions from './2026-11-26-009-trash-audit-versions.ts';
import * as backupLease from './2026-11-26-012-backup-lease.ts';
import * as webhooks from './2026-11-26-013-webhooks.ts';
import * as leadStatuses from './2026-11-26-014-lead-statuses.ts';
import * as siteContent from './2026-11-26-015-site-content.ts';
import * as cdnPurges from './2026-11-26-016-cdn-purges.ts';
import * as search from './2026-11-26-017-search.ts';
import * as searchSqlitePages from './2026-11-26-018-search-sqlite-pages.ts';
import * as searchPostgres from './2026-11-26-019-search-postgres.ts';
import * as searchPostgresPageGroups from './2026-11-26-020-search-postgres-page-groups.ts';
import * as searchPostgresOnePageIndex from './2026-11-27-021-search-postgres-one-page-index.ts';
import * as adminRoles from './2026-11-28-022-admin-roles.ts';

/**
 * Every migration, in order. Keys are date-stamped so they sort by age; a migration
 * never imports app code and uses only SQL that both SQLite and PostgreSQL accept.
 * Add a new one at the end: `'YYYY-MM-DD-NNN-name': module`.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-rate-limits': rateLimits,
  '2026-11-22-002-admin': admin,
  '2026-11-22-003-leads': leads,
  '2026-11-22-004-glossary': glossary,
  '2026-11-22-005-documents': documents,
  '2026-11-23-006-uploads': uploads,
  '2026-11-24-007-url-imports': urlImports,
  '2026-11-24-008-content-version': contentVersion,
  '2026-11-26-009-trash-audit-versions': trashAuditVersions,
  '2026-11-26-012-backup-lease': backupLease,
  '2026-11-26-013-webhooks': webhooks,
  '2026-11-26-014-lead-statuses': leadStatuses,
  '2026-11-26-015-site-content': siteContent,
  '2026-11-26-016-cdn-purges': cdnPurges,
  '2026-11-26-017-search': search,
  '2026-11-26-018-search-sqlite-pages': searchSqlitePages,
  '2026-11-26-019-search-postgres': searchPostgres,
  '2026-11-26-020-search-postgres-page-groups': searchPostgresPageGroups,
  '2026-11-27-021-search-postgres-one-page-index': searchPostgresOnePageIndex,
  '2026-11-28-022-admin-roles': adminRoles,
};
