import type { ActivityPage } from '@domain/audit.ts';
import type { Db } from '../../db/connection.ts';
import type { Logger } from '../../logger.ts';
import { type ActivityFilter, PRUNE_BATCH_SIZE, activityFilterValues, listActivity, pruneAuditLog } from './audit-log.ts';

/**
 * Reading the audit log (docs/trash-and-audit.md) for the Activity page's loader, which reaches
 * the server only through `context.services`: one page and the filters' choices, as
 * GET /api/admin/activity answers them. And its retention: the periodic sweep prunes rows
 * older than AUDIT_RETENTION_DAYS (`retentionDays`; null keeps every row).
 */
export class AuditService {
  constructor(
    private readonly db: Db,
    readonly retentionDays: number | null = null,
    private readonly logger: Logger | null = null,
  ) {}

  /**
   * Deletes the rows older than AUDIT_RETENTION_DAYS at `now`, audited as one `audit.prune`
   * row by `system` (none when nothing was old enough); returns how many. Run by the periodic
   * upload sweep (sweepUploads); nothing happens while the retention is unset.
   */
  async pruneExpired(now = Date.now(), batchSize = PRUNE_BATCH_SIZE): Promise<number> {
    if (this.retentionDays === null) return 0;
    const pruned = await pruneAuditLog(this.db, this.retentionDays, now, batchSize);
    if (pruned > 0) this.logger?.info({ pruned, retentionDays: this.retentionDays }, 'audit log rows past their retention deleted');
    return pruned;
  }

  async page(filter: ActivityFilter, page: number, pageSize: number): Promise<ActivityPage> {
    const [{ items, total }, { admins, kinds }] = await Promise.all([
      listActivity(this.db, filter, page, pageSize),
      activityFilterValues(this.db),
    ]);
    return { items, total, page, pageSize, admins, kinds };
  }
}
