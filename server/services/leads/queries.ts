import type { ContactMessage, DemoRequest, LeadKind, LeadListQuery, LeadPage, LeadStatus } from '@domain/leads/types.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { ContactMessageRow, DemoRequestRow, NewContactMessage, NewDemoRequest } from '../../db/tables/leads.ts';

/** Query functions for the two lead tables; each takes the database (or a transaction) first. */

type DbOrTransaction = Kysely<Database> | Transaction<Database>;

const tableOf = { contact: 'contact_messages', demo: 'demo_requests' } as const;

export async function insertContactMessage(db: DbOrTransaction, values: NewContactMessage): Promise<number> {
  const row = await db.insertInto('contact_messages').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertDemoRequest(db: DbOrTransaction, values: NewDemoRequest): Promise<number> {
  const row = await db.insertInto('demo_requests').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export function toContactMessage(row: ContactMessageRow): ContactMessage {
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

export function toDemoRequest(row: DemoRequestRow): DemoRequest {
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

async function countLeads(db: Db, kind: LeadKind, status: LeadStatus | undefined): Promise<number> {
  let query = db.selectFrom(tableOf[kind]).select((eb) => eb.fn.countAll<number>().as('total'));
  if (status) query = query.where('status', '=', status);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Newest first; the id breaks ties between leads of the same millisecond. */
export async function listContactMessages(db: Db, query: LeadListQuery): Promise<LeadPage<ContactMessage>> {
  let select = db.selectFrom('contact_messages').selectAll();
  if (query.status) select = select.where('status', '=', query.status);
  const [rows, total] = await Promise.all([
    select
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    countLeads(db, 'contact', query.status),
  ]);
  return { items: rows.map(toContactMessage), page: query.page, pageSize: query.pageSize, total };
}

export async function listDemoRequests(db: Db, query: LeadListQuery): Promise<LeadPage<DemoRequest>> {
  let select = db.selectFrom('demo_requests').selectAll();
  if (query.status) select = select.where('status', '=', query.status);
  const [rows, total] = await Promise.all([
    select
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    countLeads(db, 'demo', query.status),
  ]);
  return { items: rows.map(toDemoRequest), page: query.page, pageSize: query.pageSize, total };
}

/** Every lead of a kind for the CSV export, newest first. */
export async function allContactMessages(db: Db, status?: LeadStatus): Promise<ContactMessage[]> {
  let select = db.selectFrom('contact_messages').selectAll();
  if (status) select = select.where('status', '=', status);
  const rows = await select.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toContactMessage);
}

export async function allDemoRequests(db: Db, status?: LeadStatus): Promise<DemoRequest[]> {
  let select = db.selectFrom('demo_requests').selectAll();
  if (status) select = select.where('status', '=', status);
  const rows = await select.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toDemoRequest);
}

/** Returns the updated lead, or null for an unknown id. */
export async function setContactMessageStatus(db: Db, id: number, status: LeadStatus): Promise<ContactMessage | null> {
  const row = await db
    .updateTable('contact_messages')
    .set({ status })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toContactMessage(row) : null;
}

export async function setDemoRequestStatus(db: Db, id: number, status: LeadStatus): Promise<DemoRequest | null> {
  const row = await db.updateTable('demo_requests').set({ status }).where('id', '=', id).returningAll().executeTakeFirst();
  return row ? toDemoRequest(row) : null;
}

export async function findContactMessage(db: DbOrTransaction, id: number): Promise<ContactMessage | null> {
  const row = await db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toContactMessage(row) : null;
}

export async function findDemoRequest(db: DbOrTransaction, id: number): Promise<DemoRequest | null> {
  const row = await db.selectFrom('demo_requests').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toDemoRequest(row) : null;
}
