import type { ActivityItem, AuditAction, AuditEntityKind, AuditFields } from '@domain/audit.ts';
import { AUDIT_SYSTEM_NAME } from '@domain/audit.ts';
import type { Db } from '../../db/connection.ts';
import type { AuditLogRow } from '../../db/tables/audit.ts';

/**
 * The audit log (docs/trash-and-audit.md): one row per admin write, inserted by the write's
 * own transaction (`recordAudit(trx, …)`), so a write and its row commit or roll back
 * together; never after it.
 */

/** Who did it: an admin (id and username), the CLI (`cli`), the periodic sweep's retention purges (`system`). */
export interface AuditActor {
  id: number | null;
  /** Null: look the username up by id (callers that only hold an upload's or import's admin id). */
  username: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { id: null, username: AUDIT_SYSTEM_NAME };

export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  kind: AuditEntityKind;
  entityId?: string | number | null;
  summary: string;
  before?: AuditFields | null;
  after?: AuditFields | null;
  at?: number;
}

/** admin_name holds at most 64 characters (a name typed at a failed login may be longer). */
export const ADMIN_NAME_MAX = 64;
const SUMMARY_MAX = 500;

/** The actor's username, looked up by id when the caller only had the id; null when unknown. */
export async function actorName(db: Db, actor: AuditActor): Promise<string | null> {
  if (actor.username !== null || actor.id === null) return actor.username;
  const row = await db.selectFrom('admins').select('username').where('id', '=', actor.id).executeTakeFirst();
  return row?.username ?? null;
}

/** The actor with its username filled in. */
export async function resolveActor(db: Db, actor: AuditActor): Promise<AuditActor> {
  return actor.username !== null ? actor : { id: actor.id, username: await actorName(db, actor) };
}

/** Appends one row; returns its id. */
export async function recordAudit(trx: Db, entry: AuditEntry): Promise<number> {
  const name = await actorName(trx, entry.actor);
  const row = await trx
    .insertInto('audit_log')
    .values({
      at: entry.at ?? Date.now(),
      admin_id: entry.actor.id,
      admin_name: (name ?? 'unknown').slice(0, ADMIN_NAME_MAX),
      action: entry.action,
      entity_kind: entry.kind,
      entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      summary: entry.summary.slice(0, SUMMARY_MAX),
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface ActivityFilter {
  admin?: string;
  kind?: string;
}

function filtered(db: Db, filter: ActivityFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.admin) query = query.where('admin_name', '=', filter.admin);
  if (filter.kind) query = query.where('entity_kind', '=', filter.kind);
  return query;
}

/** One page, newest first (the id breaks ties within a millisecond). */
export async function listActivity(db: Db, filter: ActivityFilter, page: number, pageSize: number): Promise<{ items: ActivityItem[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toActivityItem), total: Number(count.total) };
}

/** Every row of a filter for the CSV export, newest first. */
export async function allActivity(db: Db, filter: ActivityFilter): Promise<ActivityItem[]> {
  const rows = await filtered(db, filter).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toActivityItem);
}

/** The distinct admin names and kinds in the whole log: the Activity page's filter choices. */
export async function activityFilterValues(db: Db): Promise<{ admins: string[]; kinds: string[] }> {
  const [admins, kinds] = await Promise.all([
    db.selectFrom('audit_log').select('admin_name').distinct().orderBy('admin_name').execute(),
    db.selectFrom('audit_log').select('entity_kind').distinct().orderBy('entity_kind').execute(),
  ]);
  return { admins: admins.map((row) => row.admin_name), kinds: kinds.map((row) => row.entity_kind) };
}

function parseFields(text: string | null): AuditFields | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as AuditFields) : null;
  } catch {
    return null;
  }
}

function toActivityItem(row: AuditLogRow): ActivityItem {
  return {
    id: Number(row.id),
    at: new Date(Number(row.at)).toISOString(),
    admin: row.admin_name,
    action: row.action,
    kind: row.entity_kind,
    entityId: row.entity_id,
    summary: row.summary,
    before: parseFields(row.before),
    after: parseFields(row.after),
  };
}

const DAY_MS = 24 * 60 * 60_000;
/** Rows deleted per transaction by the retention prune: each batch is short, so the site's writes never wait long. */
export const PRUNE_BATCH_SIZE = 5000;

/** "2026-08-28 09:00 UTC": how the prune's summary says up to when. */
const utcMinute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Deletes the audit rows older than `retentionDays` at `now` (AUDIT_RETENTION_DAYS,
 * docs/trash-and-audit.md "Retention"), oldest first, `batchSize` rows per transaction, and
 * audits it as `audit.prune` by `system`: one row per prune, written in the first batch's
 * transaction and brought up to date in each later one, so it always counts exactly the rows
 * whose deletion committed (a prune cut short says how far it got; the next sweep goes on).
 * Nothing older: nothing deleted, nothing written. Returns how many rows were deleted.
 */
export async function pruneAuditLog(db: Db, retentionDays: number, now: number, batchSize = PRUNE_BATCH_SIZE): Promise<number> {
  const cutoff = now - retentionDays * DAY_MS;
  let pruned = 0;
  let ownRow: number | null = null;
  for (;;) {
    const deleted = await db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('audit_log')
        .where('id', 'in', (eb) => eb.selectFrom('audit_log').select('id').where('at', '<', cutoff).orderBy('id').limit(batchSize))
        .executeTakeFirst();
      const count = Number(result.numDeletedRows);
      if (count === 0) return 0;
      const total = pruned + count;
      const entry = {
        summary: `${total.toLocaleString('en-US')} ${total === 1 ? 'row' : 'rows'} from before ${utcMinute(cutoff)} (older than ${retentionDays} ${retentionDays === 1 ? 'day' : 'days'})`,
        after: { prunedRows: total, prunedBefore: new Date(cutoff).toISOString(), retentionDays },
      };
      if (ownRow === null) {
        ownRow = await recordAudit(trx, { actor: SYSTEM_ACTOR, action: 'audit.prune', kind: 'audit', summary: entry.summary, after: entry.after, at: now });
      } else {
        await trx.updateTable('audit_log').set({ summary: entry.summary, after: JSON.stringify(entry.after) }).where('id', '=', ownRow).execute();
      }
      return count;
    });
    pruned += deleted;
    if (deleted < batchSize) return pruned;
  }
}
