import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

/** The text of each PDF page of a document as extracted at intake (`document_pages`), so a reindex never reads files again. */

export interface PageText {
  /** 1-based. */
  page: number;
  text: string;
}

/** NUL is refused by PostgreSQL's text type, and is nothing a visitor could search for. */
function storable(text: string): string {
  return text.replaceAll('\u0000', ' ');
}

export async function replaceDocumentPages(trx: Db, documentId: number, pages: readonly PageText[]): Promise<void> {
  await deleteDocumentPages(trx, documentId);
  for (const { page, text } of pages) {
    if (text.trim() === '') continue;
    await sql`insert into document_pages (document_id, page, text) values (${documentId}, ${page}, ${storable(text)})`.execute(trx);
  }
}

export async function deleteDocumentPages(trx: Db, documentId: number): Promise<void> {
  await sql`delete from document_pages where document_id = ${documentId}`.execute(trx);
}

export async function documentPages(db: Db, documentId: number): Promise<PageText[]> {
  const result = await sql<{ page: number | string; text: string }>`select page, text from document_pages where document_id = ${documentId} order by page`.execute(db);
  return result.rows.map((row) => ({ page: Number(row.page), text: row.text }));
}

/** Every stored page, by document id (search:reindex). */
export async function allDocumentPages(db: Db): Promise<Map<number, PageText[]>> {
  const result = await sql<{ document_id: number | string; page: number | string; text: string }>`select document_id, page, text from document_pages order by document_id, page`.execute(db);
  const byDocument = new Map<number, PageText[]>();
  for (const row of result.rows) {
    const id = Number(row.document_id);
    const list = byDocument.get(id) ?? [];
    list.push({ page: Number(row.page), text: row.text });
    byDocument.set(id, list);
  }
  return byDocument;
}

/** PDF documents (live or in the trash) with no stored page text: uploaded before text was read, or seeded. */
export async function pdfDocumentsWithoutText(db: Db): Promise<Array<{ id: number; objectKey: string; size: number }>> {
  const result = await sql<{ id: number | string; object_key: string; size_bytes: number | string }>`
    select id, object_key, size_bytes from documents
     where mime_type = 'application/pdf'
       and not exists (select 1 from document_pages p where p.document_id = documents.id)
     order by id`.execute(db);
  return result.rows.map((row) => ({ id: Number(row.id), objectKey: row.object_key, size: Number(row.size_bytes) }));
}
