import type { Associations, FaqEntry, Leader, SeoEntries } from '@domain/site-content/types.ts';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { Logger } from '../../logger.ts';
import { toTerm } from '../glossary/queries.ts';
import { seedSiteContent } from '../site-content/seed.ts';
import { type PageText, allDocumentPages, documentPages, pdfDocumentsWithoutText, replaceDocumentPages } from './document-pages.ts';
import { associationEntries, bySource, documentEntries, faqEntries, glossaryEntries, leaderEntries, pageEntries, tutorialEntries } from './entries.ts';
import type { SearchEntry, SearchIndex } from './search-index.ts';

/** Building the index from its sources (docs/search.md, "Keeping the index current"): all of it, or the fixed content of content/*.ts. */

/** The content_versions row that remembers which fixed content the index holds (a hash). */
const FIXED_CONTENT_ROW = 'search-fixed-content';

export interface ReindexCounts {
  /** Sources indexed per kind. */
  glossary: number;
  faq: number;
  tutorial: number;
  document: number;
  page: number;
  /** PDF pages with text among the documents' entries. */
  documentPages: number;
  /** Rows written in all. */
  entries: number;
  ms: number;
}

/** What the index takes from the published site content. */
export interface PublishedForSearch {
  faq: FaqEntry[];
  seo: SeoEntries;
  leaders: Leader[];
  associations: Associations;
}

const SEARCHED_KINDS = ['faq', 'seo', 'leaders', 'associations'] as const;

/** The published site content the index holds, as stored; the seed when a row is missing or unreadable (like SiteContentService.published). */
export async function publishedForSearch(db: Db, logger?: Logger): Promise<PublishedForSearch> {
  const seed = seedSiteContent();
  const rows = await db.selectFrom('site_content').select(['kind', 'published']).where('kind', 'in', [...SEARCHED_KINDS]).execute();
  const read = <T>(kind: string, fallback: T): T => {
    const row = rows.find((item) => item.kind === kind);
    if (!row) return fallback;
    try {
      return JSON.parse(row.published) as T;
    } catch (error) {
      logger?.error({ err: error, kind }, 'stored site content is not JSON; the search indexes the seed');
      return fallback;
    }
  };
  return { faq: read('faq', seed.faq), seo: read('seo', seed.seo), leaders: read('leaders', seed.leaders), associations: read('associations', seed.associations) };
}

/** What the pages are made of beyond content/*.ts, in the hash so a change of it re-indexes them. */
const PAGE_SOURCES = ['content/*.ts pages and sections', 'published leaders', 'published associations'];

/** A number that changes when the tutorial or the pages' fixed text does (48 bits of SHA-256: fits a bigint and a JS number). */
export function fixedContentHash(): number {
  const hash = createHash('sha256').update(JSON.stringify([tutorialEntries(), pageEntries(null), PAGE_SOURCES])).digest('hex');
  return Number.parseInt(hash.slice(0, 12), 16);
}

async function writeAll(trx: Db, index: SearchIndex, entries: readonly SearchEntry[]): Promise<number> {
  const sources = [...bySource(entries).values()];
  await index.replaceSources(trx, sources.flatMap((list) => (list[0] ? [{ kind: list[0].kind, sourceId: list[0].sourceId, entries: list }] : [])));
  return sources.length;
}

async function rememberFixedContent(trx: Db, hash: number): Promise<void> {
  const updated = await trx.updateTable('content_versions').set({ version: hash }).where('name', '=', FIXED_CONTENT_ROW).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await trx.insertInto('content_versions').values({ name: FIXED_CONTENT_ROW, version: hash }).onConflict((conflict) => conflict.column('name').doUpdateSet({ version: hash })).execute();
  }
}

/** Replaces the tutorial's and the pages' entries (with the published `seo`, leaders and associations), in the caller's transaction. */
export async function rebuildFixedContent(
  trx: Db,
  index: SearchIndex,
  published: Pick<PublishedForSearch, 'seo' | 'leaders' | 'associations'>,
): Promise<{ tutorial: number; page: number; entries: number }> {
  await index.clear(trx, 'tutorial');
  await index.clear(trx, 'page');
  const tutorial = tutorialEntries();
  const page = [...pageEntries(published.seo), ...leaderEntries(published.leaders), ...associationEntries(published.associations)];
  const result = { tutorial: await writeAll(trx, index, tutorial), page: await writeAll(trx, index, page), entries: tutorial.length + page.length };
  await rememberFixedContent(trx, fixedContentHash());
  return result;
}

/** Rebuilds the whole index from the sources in one transaction (searches see the old one until it commits). */
export async function reindexAll(db: Db, index: SearchIndex, logger?: Logger): Promise<ReindexCounts> {
  const started = performance.now();
  const counts = await db.transaction().execute((trx) => reindexInTransaction(trx, index, logger));
  await index.compact?.();
  return { ...counts, ms: Math.round(performance.now() - started) };
}

async function reindexInTransaction(trx: Db, index: SearchIndex, logger?: Logger): Promise<Omit<ReindexCounts, 'ms'>> {
  await index.clear(trx);
  const terms = await trx.selectFrom('glossary_terms').selectAll().where('deleted_at', 'is', null).orderBy('id').execute();
  const glossary = terms.flatMap((row) => glossaryEntries(toTerm(row)));
  const documents = await trx.selectFrom('documents').select(['id', 'title', 'description', 'category']).where('deleted_at', 'is', null).orderBy('id').execute();
  const pagesByDocument = await allDocumentPages(trx);
  const document = documents.flatMap((row) => documentEntries({ ...row, id: Number(row.id), pages: pagesByDocument.get(Number(row.id)) ?? [] }));
  const published = await publishedForSearch(trx, logger);
  const faq = published.faq.flatMap(faqEntries);
  const fixed = await rebuildFixedContent(trx, index, published);
  return {
    glossary: await writeAll(trx, index, glossary),
    faq: await writeAll(trx, index, faq),
    document: await writeAll(trx, index, document),
    documentPages: document.filter((entry) => entry.part > 0).length,
    tutorial: fixed.tutorial,
    page: fixed.page,
    entries: glossary.length + faq.length + document.length + fixed.entries,
  };
}

/** What readMissingPdfText did. */
export interface PdfTextCounts {
  /** PDFs without stored text that were read. */
  read: number;
  /** Of those, the ones that gave text. */
  withText: number;
  /** Pages with text stored. */
  pages: number;
  ms: number;
}

/** `search:reindex -- --pdf-text`: reads and stores the text of every PDF document that has none stored, one at a time; the index is not touched. */
export async function readMissingPdfText(
  db: Db,
  extract: (key: string, size: number) => Promise<PageText[] | null>,
): Promise<PdfTextCounts> {
  const started = performance.now();
  const counts = { read: 0, withText: 0, pages: 0 };
  for (const document of await pdfDocumentsWithoutText(db)) {
    const pages = ((await extract(document.objectKey, document.size)) ?? []).filter((page) => page.text.trim() !== '');
    counts.read++;
    if (pages.length === 0) continue;
    // Only if the document is still there and still without text (a purge or an upload may have come between).
    const stored = await db.transaction().execute(async (trx) => {
      const still = await trx.selectFrom('documents').select('id').where('id', '=', document.id).executeTakeFirst();
      if (!still || (await documentPages(trx, document.id)).length > 0) return false;
      await replaceDocumentPages(trx, document.id, pages);
      return true;
    });
    if (!stored) continue;
    counts.withText++;
    counts.pages += pages.length;
  }
  return { ...counts, ms: Math.round(performance.now() - started) };
}

/**
 * At every start: the whole index the first time (the seeds never went through a write), then
 * the tutorial and the pages when content/*.ts changed. The row is claimed first, so of several
 * processes starting at once one builds.
 */
export async function syncAtStart(db: Db, index: SearchIndex, logger: Logger): Promise<'built' | 'fixed-content' | 'unchanged'> {
  const hash = fixedContentHash();
  const stored = await db.selectFrom('content_versions').select('version').where('name', '=', FIXED_CONTENT_ROW).executeTakeFirst();
  if (!stored) {
    const started = performance.now();
    const counts = await db.transaction().execute(async (trx) => {
      // The claim: a second process starting now waits here for this one's commit, then builds nothing.
      const claimed = await trx.insertInto('content_versions').values({ name: FIXED_CONTENT_ROW, version: 0 }).onConflict((conflict) => conflict.column('name').doNothing()).executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return null;
      return reindexInTransaction(trx, index, logger);
    });
    if (!counts) return 'unchanged';
    await index.compact?.();
    logger.info({ ...counts, ms: Math.round(performance.now() - started) }, 'search index built');
    return 'built';
  }
  if (Number(stored.version) === hash) return 'unchanged';
  const done = await db.transaction().execute(async (trx) => {
    // Claims the change: another process that did it meanwhile moved the row already.
    const claimed = await trx.updateTable('content_versions').set({ version: hash }).where('name', '=', FIXED_CONTENT_ROW).where('version', '=', stored.version).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return null;
    return rebuildFixedContent(trx, index, await publishedForSearch(trx, logger));
  });
  if (!done) return 'unchanged';
  logger.info({ tutorial: done.tutorial, pages: done.page }, 'search index: the tutorial and pages re-indexed after a content change');
  return 'fixed-content';
}
