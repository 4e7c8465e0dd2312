import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { Storage } from '../../storage/storage.ts';
import type { PageText } from './document-pages.ts';
import { extractPdfText } from './pdf-text/extract-pdf-text.ts';

/** The text of each page of a stored PDF (pages from 1), read by pdf-text/; null when it has none (logged there). Never throws. */
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
