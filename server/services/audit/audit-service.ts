import type { ActivityPage } from '@domain/audit.ts';
import type { Db } from '../../db/connection.ts';
import { type ActivityFilter, activityFilterValues, listActivity } from './audit-log.ts';

/**
 * Reading the audit log (docs/trash-and-audit.md) for the Activity page's loader, which reaches
 * the server only through `context.services`: one page and the filters' choices, as
 * GET /api/admin/activity answers them.
 */
export class AuditService {
  constructor(private readonly db: Db) {}

  async page(filter: ActivityFilter, page: number, pageSize: number): Promise<ActivityPage> {
    const [{ items, total }, { admins, kinds }] = await Promise.all([
      listActivity(this.db, filter, page, pageSize),
      activityFilterValues(this.db),
    ]);
    return { items, total, page, pageSize, admins, kinds };
  }
}
