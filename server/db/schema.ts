/**
 * The typed shape of every table, joined into one `Database` interface for Kysely.
 * Each area declares its tables in `tables/<area>.ts` and adds them here, with its
 * migration in `migrations/`.
 */
import type { AdminTables } from './tables/admin.ts';
import type { AuditTables } from './tables/audit.ts';
import type { BackupTables } from './tables/backups.ts';
import type { CdnPurgeTables } from './tables/cdn-purges.ts';
import type { ContentVersionTables } from './tables/content-versions.ts';
import type { DocumentTables } from './tables/documents.ts';
import type { GlossaryTables } from './tables/glossary.ts';
import type { LeadTables } from './tables/leads.ts';
import type { RateLimitTables } from './tables/rate-limits.ts';
import type { SearchTables } from './tables/search.ts';
import type { SiteContentTables } from './tables/site-content.ts';
import type { UploadTables } from './tables/uploads.ts';
import type { UrlImportTables } from './tables/url-imports.ts';
import type { WebhookTables } from './tables/webhooks.ts';

export type Database = RateLimitTables & AdminTables & LeadTables & GlossaryTables & DocumentTables & UploadTables & UrlImportTables &
  ContentVersionTables &
  AuditTables &
  BackupTables &
  WebhookTables &
  SiteContentTables &
  CdnPurgeTables &
  SearchTables;
