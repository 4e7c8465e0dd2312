import { ACTIVITY_DEFAULT_PAGE_SIZE, ACTIVITY_MAX_PAGE_SIZE, type ActivityItem, type ActivityPage } from '@domain/audit.ts';
import { singleLineText } from '@domain/zod.ts';
import express, { type Router } from 'express';
import { z } from 'zod';
import { allActivity } from '../services/audit/audit-log.ts';
import type { Services } from '../services/index.ts';
import { type CsvColumn, toCsv } from '../services/leads/csv.ts';
import { invalidInput } from './errors.ts';
import { pageQueryShape } from './params.ts';
import { requirePermission } from './require-admin.ts';

/**
 * The audit log for admins (docs/trash-and-audit.md):
 * - GET /api/admin/activity?admin=&kind=&page=&pageSize= → {items, total, page, pageSize, admins, kinds}, newest first.
 * - GET /api/admin/activity.csv?admin=&kind= → every matching row as CSV, with the leads
 *   export's guard against spreadsheet formulas (a failed login's typed name is anyone's text).
 */

const filterText = (label: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    singleLineText(z.string({ error: `${label} must be given once, as text.` }).trim().max(64, `${label} must be at most 64 characters.`), label).optional(),
  );

const filterSchema = z.object({ admin: filterText('admin'), kind: filterText('kind') });

const listQuerySchema = filterSchema.extend(pageQueryShape(ACTIVITY_MAX_PAGE_SIZE, ACTIVITY_DEFAULT_PAGE_SIZE));

const json = (fields: ActivityItem['before']) => (fields ? JSON.stringify(fields) : null);

const columns: CsvColumn<ActivityItem>[] = [
  { header: 'id', value: (item) => item.id },
  { header: 'at', value: (item) => item.at },
  { header: 'admin', value: (item) => item.admin },
  { header: 'action', value: (item) => item.action },
  { header: 'kind', value: (item) => item.kind },
  { header: 'entity id', value: (item) => item.entityId },
  { header: 'summary', value: (item) => item.summary },
  { header: 'before', value: (item) => json(item.before) },
  { header: 'after', value: (item) => json(item.after) },
];

export function createActivityRouter(services: Services): Router {
  const router = express.Router();
  const admin = requirePermission(services, 'activity:read');
  const { db } = services.database;

  router.get('/admin/activity', admin, async (req, res) => {
    const parsed = listQuerySchema.safeParse(req.query);
    if (!parsed.success) throw invalidInput(parsed.error);
    const { page, pageSize, ...filter } = parsed.data;
    const body: ActivityPage = await services.audit.page(filter, page, pageSize);
    res.json(body);
  });

  router.get('/admin/activity.csv', admin, async (req, res) => {
    const parsed = filterSchema.safeParse(req.query);
    if (!parsed.success) throw invalidInput(parsed.error);
    const date = new Date().toISOString().slice(0, 10);
    res
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="activity-${date}.csv"`)
      .send(toCsv(columns, await allActivity(db, parsed.data)));
  });

  return router;
}
