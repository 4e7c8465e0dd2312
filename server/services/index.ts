import type { Config } from '../config.ts';
import { type DbHandle, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { type PeriodicTask, startPeriodicTask } from '../lib/periodic-task.ts';
import type { Logger } from '../logger.ts';
import { ServerMetrics } from '../metrics/server-metrics.ts';
import { createStorage } from '../storage/create-storage.ts';
import type { Storage } from '../storage/storage.ts';
import { AuthService } from './auth/auth-service.ts';
import { BackupSchedule } from './backup/schedule.ts';
import { CdnPurgeService } from './cdn-purge/cdn-purge-service.ts';
import { DocumentsService } from './documents/documents-service.ts';
import { type GlossaryService, createGlossaryService } from './glossary/glossary-service.ts';
import { LeadsService } from './leads/leads-service.ts';
import { NotificationsService } from './leads/notifications-service.ts';
import { ContentVersion } from './pages/content-version.ts';
import { PRUNE_INTERVAL_MS, pruneExpired } from './rate-limiter.ts';
import { extractStoredPdfText } from './search/document-text.ts';
import { createSearchIndex } from './search/create-search-index.ts';
import { type SearchService, createSearchService } from './search/search-service.ts';
import { SiteContentService } from './site-content/site-content-service.ts';
import { TrashService } from './trash/trash-service.ts';
import { AuditService } from './audit/audit-service.ts';
import { KEEP_UNFINISHED_MS, UploadsService } from './uploads/uploads-service.ts';
import { UrlImportService } from './url-import/url-import-service.ts';
import { WebhooksService } from './webhooks/webhooks-service.ts';

/**
 * What the server hands to every React Router loader and action (as `context.services`,
 * server/context.ts) and to every API router, so a loader and the JSON API share one
 * database connection and one code path.
 */
export interface Services {
  config: Config;
  database: DbHandle;
  logger: Logger;
  /** Files on disk or in the bucket (server/storage/); the app mounts disk's signed-URL routes (server/api/disk-storage.ts). */
  storage: Storage;
  auth: AuthService;
  glossary: GlossaryService;
  /** The one search over the knowledge base (docs/search.md); the glossary, documents and site content write its index. */
  search: SearchService;
  /** The document library, its object storage and carousel images. */
  documents: DocumentsService;
  leads: LeadsService;
  /** Webhook endpoints and the delivery outbox's sender (docs/leads.md#webhooks); closeServices stops the sender. */
  webhooks: WebhooksService;
  /** What admins deleted, across documents, glossary and leads (docs/trash-and-audit.md). */
  trash: TrashService;
  /** Reads the audit log for the Activity page (writes go through recordAudit in each write's transaction). */
  audit: AuditService;
  /** Failing e-mails and webhook deliveries of leads, for the badge every admin sees (docs/leads.md). */
  notifications: NotificationsService;
  /** Raised by every write to what public pages show; the page cache keeps pages per version. */
  contentVersion: ContentVersion;
  /** The CDN purge outbox and its sender (docs/operations.md, "CDN purge"); idle without CDN_PURGE. closeServices stops the sender. */
  cdnPurges: CdnPurgeService;
  /** The company facts, leaders, FAQ, associations and search titles staff edit (docs/site-content.md): published, drafts, versions, leader photos. */
  siteContent: SiteContentService;
  /** Large documents uploaded in parts, straight to storage (server/api/uploads.ts). */
  uploads: UploadsService;
  /** Imports from a link (server/api/url-import.ts); closeServices cancels the running ones. */
  urlImports: UrlImportService;
  /** Removes uploads left unfinished for a day and trash past TRASH_RETENTION_DAYS, in the background of every process; closeServices stops it. */
  uploadSweep: PeriodicTask;
  /** Deletes expired rate-limit windows in the background of every process; closeServices stops it. */
  rateLimitPruning: PeriodicTask;
  /** BACKUP_DIR's backups, taken by one process at a time (README, "Backups"); null when BACKUP_DIR is unset. closeServices stops it. */
  scheduledBackups: BackupSchedule | null;
  /** This server's figures for GET /metrics (server/metrics/, docs/operations.md "Metrics"): services count into it. */
  metrics: ServerMetrics;
}

/**
 * What the upload sweep removes at `now`: uploads left unfinished for a day (the uploads
 * service's sweep), carousel images accepted a day ago or more but never saved to a
 * document (the edit dialog's Cancel, issue 16), and what has been in the trash longer than
 * TRASH_RETENTION_DAYS, with its files (docs/trash-and-audit.md), and CDN purges kept past
 * their time (CdnPurgeService.prune), and audit rows past AUDIT_RETENTION_DAYS (AuditService.pruneExpired).
 */
export async function sweepUploads(
  { uploads, documents, trash, cdnPurges, audit }: Pick<Services, 'uploads' | 'documents' | 'trash' | 'cdnPurges' | 'audit'>,
  now = Date.now(),
) {
  const swept = await uploads.sweep(now);
  const unsavedImages = await documents.sweepUnsavedImages(KEEP_UNFINISHED_MS, now);
  const purgedFromTrash = await trash.purgeExpired(now);
  const cdnPurgesPruned = await cdnPurges.prune(now);
  const auditRowsPruned = await audit.pruneExpired(now);
  return { ...swept, unsavedImages, purgedFromTrash, cdnPurgesPruned, auditRowsPruned };
}

/**
 * Opens the database, brings its schema up to date and assembles the services shared by
 * the JSON API and the React Router loaders. Used by the server entry and by tests.
 */
export async function createServices(
  config: Config,
  logger: Logger,
  options: { database?: DbHandle } = {},
): Promise<Services> {
  const database =
    options.database ??
    openDatabase(config.database, {
      onIdleConnectionError: (error) => logger.warn({ err: error }, 'an idle database connection failed; a new one opens when needed'),
    });
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    const metrics = new ServerMetrics(logger);
    const auth = new AuthService(database.db, logger, {
      timeouts: config.adminSession,
      secureCookie: config.siteUrl.startsWith('https:'),
      metrics,
    });
    await auth.bootstrap({ ...config, dialect: config.database.dialect });
    const storage = await createStorage(config);
    // Every raise of the content version queues a purge for the CDN, when one is configured.
    const cdnPurges = new CdnPurgeService(database.db, logger, config.cdnPurge);
    const contentVersion = new ContentVersion(database.db, undefined, undefined, cdnPurges.enabled ? cdnPurges : null);
    const searchIndex = createSearchIndex(database.db, config.database.dialect);
    const search = createSearchService(database.db, searchIndex, logger);
    const documents = new DocumentsService(
      database.db,
      storage,
      logger,
      contentVersion,
      { index: searchIndex, extractPdfText: (key, size) => extractStoredPdfText(storage, config, logger, key, size) },
      metrics,
    );
    await documents.seedSamples();
    // content/*.ts is the starting data of a new database; after that the database is the source.
    const siteContent = new SiteContentService(database.db, storage, contentVersion, logger, searchIndex);
    await siteContent.seed();
    // After the seeds: the first start indexes them; later starts re-index content/*.ts when a deploy changed it.
    await search.syncAtStart();
    const uploads = new UploadsService(
      database.db,
      storage,
      (file, fields, maxBytes, actor) => documents.acceptStoredFile(file, fields, maxBytes, actor),
      logger,
      { maxBytes: config.uploadMaxBytes, singleMaxBytes: config.singleUploadMaxBytes },
    );
    const urlImports = new UrlImportService(database.db, documents, logger, { ...config.urlImport, maxBytes: config.uploadMaxBytes });
    const webhooks = new WebhooksService(database.db, logger, { allowHosts: config.webhooks.allowHosts });
    const leads = new LeadsService(database.db, logger, {
      notify: config.leads.notify,
      siteUrl: config.siteUrl,
      rateLimitPerMinute: config.leads.rateLimitPerMinute,
      webhooks,
    });
    // The lead notification sender polls in the background of every process (docs/decisions/007-lead-capture.md).
    leads.start();
    // The webhook sender too: every process polls, the database decides who sends what.
    webhooks.start();
    // And the CDN purge sender, when a CDN is configured.
    cdnPurges.start();
    const rateLimitPruning = startPeriodicTask('rate limit pruning', PRUNE_INTERVAL_MS, logger, () => pruneExpired(database.db));
    const glossary = createGlossaryService(database.db, contentVersion, logger, searchIndex);
    const trash = new TrashService(documents, glossary, leads, logger, config.trashRetentionDays);
    const audit = new AuditService(database.db, config.auditRetentionDays, logger);
    const uploadSweep = startPeriodicTask('upload sweep', config.uploadSweepIntervalMs, logger, () => sweepUploads({ uploads, documents, trash, cdnPurges, audit }));
    // Asks every minute whether a backup is due (startPeriodicTask inside start()); the database picks the process.
    const scheduledBackups = config.backup ? new BackupSchedule(database.db, config, config.backup, logger).start() : null;
    return {
      config,
      database,
      logger,
      storage,
      auth,
      leads,
      webhooks,
      trash,
      audit,
      notifications: new NotificationsService(database.db),
      glossary,
      search,
      contentVersion,
      cdnPurges,
      siteContent,
      documents,
      uploads,
      urlImports,
      uploadSweep,
      rateLimitPruning,
      scheduledBackups,
      metrics,
    };
  } catch (error) {
    // A start that fails half-way (migration, bootstrap, storage) must not leave the database open.
    await database.close();
    throw error;
  }
}

/**
 * The first step of a shutdown (docs/operations.md, "Shutdown"): from the call on, no outbox
 * claims a row (lead e-mails, webhooks, CDN purges) and no periodic task starts a run; webhook
 * attempts in flight are cancelled and put back to pending. Resolves once what was running
 * has ended. Calling it again (closeServices does) only waits.
 */
export async function stopBackgroundWork(services: Services): Promise<void> {
  await Promise.all([
    services.leads.stop(),
    services.webhooks.stop(),
    services.cdnPurges.stop(),
    services.rateLimitPruning.stop(),
    services.uploadSweep.stop(),
    services.scheduledBackups?.stop(),
  ]);
}

export async function closeServices(services: Services): Promise<void> {
  await services.urlImports.close();
  await stopBackgroundWork(services);
  await services.database.close();
}
