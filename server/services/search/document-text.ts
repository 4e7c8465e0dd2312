import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { Storage } from '../../storage/storage.ts';
import type { PageText } from './document-pages.ts';
import { extractPdfText } from './pdf-text/extract-pdf-text.ts';

/**
 * The text of each page of a PDF in storage, for the document intake (docs/search.md, "What
 * is indexed"): read by pdf-text/ in a worker within the PDF_TEXT_* limits, page numbers from
 * 1; null when it has none to give (pdf-text/ logs why). Never throws.
 */
export async function extractStoredPdfText(
  storage: Storage,
  config: Pick<Config, 'pdfText'>,
  logger: Logger,
  key: string,
  size: number,
): Promise<PageText[] | null> {
  const pages = await extractPdfText(() => storage.get(key), size, config.pdfText, logger.child({ key }));
  return pages?.map((text, index) => ({ page: index + 1, text })) ?? null;
}
