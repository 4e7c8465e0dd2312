import { fileTypeByMime } from '@domain/documents/rules.ts';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { type SampleDocument, sampleDocuments } from '../../../content/sample-documents.ts';
import type { Db } from '../../db/connection.ts';
import type { Logger } from '../../logger.ts';
import { type Storage, objectKeys } from '../../storage/storage.ts';
import { replaceDocumentPages } from '../search/document-pages.ts';
import { claimSeed, insertDocument } from './queries.ts';

const SAMPLE_DIR = path.resolve(import.meta.dirname, '..', '..', '..', 'content', 'sample-documents');
const SEED_NAME = 'sample-documents';
const PDF = fileTypeByMime('application/pdf');

/**
 * A sample's text as its PDF shows it: scripts/generate-sample-pdfs.ts writes each sample's
 * title, headings and paragraphs on one page. Stored as the PDF text the intake would have
 * read (docs/search.md), without starting a PDF reader for each sample at every first start.
 */
export function samplePageText(sample: SampleDocument): string {
  const lines = [sample.title];
  for (const section of sample.sections) {
    lines.push(section.heading, ...section.paragraphs.map((paragraph) => paragraph.replace(/^- /, '')));
  }
  return lines.join(' ');
}

/**
 * Copies the sample PDFs into storage and the table, once per database: the claim on the
 * `pending_seeds` row and the inserts commit together, so a failure (storage down) leaves the
 * seed owed for the next start, and a second process starting at the same moment finds the
 * row already claimed. Each sample's page text is stored with it, so the search finds words
 * inside the samples from the first start (the index is built after the seed). Returns how
 * many documents were added.
 */
export async function seedSampleDocuments(db: Db, storage: Storage, logger: Logger): Promise<number> {
  if (!PDF) throw new Error('PDF must be an allowed document type');
  const added = await db.transaction().execute(async (trx) => {
    if (!(await claimSeed(trx, SEED_NAME))) return 0;
    // A minute apart, newest first, so each tab lists the samples in the manifest's order.
    const now = Date.now();
    for (const [index, sample] of sampleDocuments.entries()) {
      const key = objectKeys.document(PDF.ext);
      const { size } = await storage.put(key, createReadStream(path.join(SAMPLE_DIR, sample.file)), {
        maxBytes: 10 * 1024 * 1024,
        contentType: PDF.mime,
      });
      const row = await insertDocument(trx, {
        title: sample.title,
        description: sample.description,
        category: sample.category,
        object_key: key,
        original_name: sample.file,
        mime_type: PDF.mime,
        size_bytes: size,
        carousel_images: '[]',
        created_at: now - index * 60_000,
        updated_at: now - index * 60_000,
      });
      await replaceDocumentPages(trx, Number(row.id), [{ page: 1, text: samplePageText(sample) }]);
    }
    return sampleDocuments.length;
  });
  if (added > 0) logger.info({ documents: added }, 'sample documents added');
  return added;
}
