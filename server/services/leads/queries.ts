import type { ContactMessage, DemoRequest, LeadKind, LeadListQuery, LeadPage, LeadStatus } from '@domain/leads/types.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { ContactMessageRow, DemoRequestRow, NewContactMessage, NewDemoRequest } from '../../db/tables/leads.ts';

/** Query functions for the two lead tables; each takes the database (or a transaction) first. */

type DbOrTransaction = Kysely<Database> | Transaction<Database>;

export async function insertContactMessage(db: DbOrTransaction, values: NewContactMessage): Promise<number> {
  const row = await db.insertInto('contact_messages').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertDemoRequest(db: DbOrTransaction, values: NewDemoRequest): Promise<number> {
  const row = await db.insertInto('demo_requests').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: Number(row.id),
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    email: row.email,
    message: row.message,
    status: row.status,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}

function toDemoRequest(row: DemoRequestRow): DemoRequest {
  return {
    id: Number(row.id),
    name: row.name,
    phone: row.phone,
    email: row.email,
    company: row.company,
    title: row.title,
    notes: row.notes,
    status: row.status,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}

/** Each kind's table, its row and its public type: the pairs below become one function per query. */
interface LeadTypes {
  contact: { table: 'contact_messages'; row: ContactMessageRow; lead: ContactMessage };
  demo: { table: 'demo_requests'; row: DemoRequestRow; lead: DemoRequest };
}

/** A contact message or a demo request, as the kind says. */
export type LeadOf<K extends LeadKind> = LeadTypes[K]['lead'];

const leadTables: { [K in LeadKind]: { name: LeadTypes[K]['table']; toLead(row: LeadTypes[K]['row']): LeadOf<K> } } = {
  contact: { name: 'contact_messages', toLead: toContactMessage },
  demo: { name: 'demo_requests', toLead: toDemoRequest },
};

/**
 * A row read from `leadTables[kind].name` as the kind's public type. Kysely types a query on a
 * table chosen by a generic kind as both tables' columns at once, so this is the one place that
 * says the row is that table's.
 */
function toLead<K extends LeadKind>(kind: K, row: unknown): LeadOf<K> {
  return leadTables[kind].toLead(row as LeadTypes[K]['row']);
}

/** The kind's table, typed as either table: Kysely builds no query on a generic table name. */
const tableOf = (kind: LeadKind): LeadTypes[LeadKind]['table'] => leadTables[kind].name;

/** A kind's leads, optionally of one status, newest first (the id breaks ties within a millisecond). */
function selectLeads(db: DbOrTransaction, kind: LeadKind, status: LeadStatus | undefined) {
  let select = db.selectFrom(tableOf(kind)).selectAll().where('deleted_at', 'is', null);
  if (status) select = select.where('status', '=', status);
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc');
}

async function countLeads(db: Db, kind: LeadKind, status: LeadStatus | undefined): Promise<number> {
  let query = db
    .selectFrom(tableOf(kind))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('deleted_at', 'is', null);
  if (status) query = query.where('status', '=', status);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}

/** One page of a kind's leads for the admin inbox. */
export async function listLeads<K extends LeadKind>(db: Db, kind: K, query: LeadListQuery): Promise<LeadPage<LeadOf<K>>> {
  const [rows, total] = await Promise.all([
    selectLeads(db, kind, query.status)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    countLeads(db, kind, query.status),
  ]);
  return { items: rows.map((row) => toLead(kind, row)), page: query.page, pageSize: query.pageSize, total };
}

/** Every lead of a kind for the CSV export, newest first. */
export async function allLeads<K extends LeadKind>(db: Db, kind: K, status?: LeadStatus): Promise<Array<LeadOf<K>>> {
  const rows = await selectLeads(db, kind, status).execute();
  return rows.map((row) => toLead(kind, row));
}

/** Returns the updated live lead, or null for an unknown id. */
export async function setLeadStatus<K extends LeadKind>(db: DbOrTransaction, kind: K, id: number, status: LeadStatus): Promise<LeadOf<K> | null> {
  const row = await db
    .updateTable(tableOf(kind))
    .set({ status })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row ? toLead(kind, row) : null;
}

/** A live lead (`trashed`: one in the trash instead). */
export async function findLead<K extends LeadKind>(db: DbOrTransaction, kind: K, id: number, trashed = false): Promise<LeadOf<K> | null> {
  const row = await db
    .selectFrom(tableOf(kind))
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', trashed ? 'is not' : 'is', null)
    .executeTakeFirst();
  return row ? toLead(kind, row) : null;
}

/** Moves a live lead to the trash (true) or brings one back (false); the lead, or null when there was none to move. */
export async function moveLead<K extends LeadKind>(
  db: DbOrTransaction,
  kind: K,
  id: number,
  toTrash: boolean,
  who: string | null,
  now: number,
): Promise<LeadOf<K> | null> {
  const row = await db
    .updateTable(tableOf(kind))
    .set(toTrash ? { deleted_at: now, deleted_by: who } : { deleted_at: null, deleted_by: null })
    .where('id', '=', id)
    .where('deleted_at', toTrash ? 'is' : 'is not', null)
    .returningAll()
    .executeTakeFirst();
  return row ? toLead(kind, row) : null;
}

/** Deletes a lead in the trash for good, with its notification row and its status history. */
export async function deleteTrashedLead<K extends LeadKind>(db: DbOrTransaction, kind: K, id: number): Promise<LeadOf<K> | null> {
  const row = await db.deleteFrom(tableOf(kind)).where('id', '=', id).where('deleted_at', 'is not', null).returningAll().executeTakeFirst();
  if (!row) return null;
  await db.deleteFrom('lead_notifications').where('kind', '=', kind).where('lead_id', '=', id).execute();
  await db.deleteFrom('lead_status_changes').where('lead_kind', '=', kind).where('lead_id', '=', id).execute();
  return toLead(kind, row);
}

/** Leads of a kind in the trash, newest deletion first; `before` limits them to those deleted before that time. */
export async function trashedLeads<K extends LeadKind>(
  db: DbOrTransaction,
  kind: K,
  before?: number,
): Promise<Array<{ lead: LeadOf<K>; deletedAt: number; deletedBy: string | null }>> {
  let query = db.selectFrom(tableOf(kind)).selectAll().where('deleted_at', 'is not', null);
  if (before !== undefined) query = query.where('deleted_at', '<', before);
  const rows = await query.orderBy('deleted_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => ({ lead: toLead(kind, row), deletedAt: Number(row.deleted_at), deletedBy: row.deleted_by }));
}
