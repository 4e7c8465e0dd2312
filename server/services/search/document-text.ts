import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { Storage } from '../../storage/storage.ts';
import type { PageText } from './document-pages.ts';
import { type PdfTextLimits, extractPdfText } from './pdf-text/extract-pdf-text.ts';

/** The limits when the configuration names none (PDF_TEXT_* in server/config.ts, docs/search.md). */
const DEFAULT_LIMITS: PdfTextLimits = { timeoutMs: 10_000, maxBytes: 100 * 1024 * 1024, maxMemoryMb: 256 };

function limitsOf(config: Config): PdfTextLimits {
  return (config as Config & { pdfText?: PdfTextLimits }).pdfText ?? DEFAULT_LIMITS;
}

/**
 * The text of each page of a PDF in storage, for the document intake (docs/search.md, "What
 * is indexed"): read by pdf-text/ in a worker within its limits, page numbers from 1; null
 * when it has none to give (pdf-text/ logs why). Never throws.
 */
export async function extractStoredPdfText(storage: Storage, config: Config, logger: Logger, key: string, size: number): Promise<PageText[] | null> {
  const pages = await extractPdfText(() => storage.get(key), size, limitsOf(config), logger.child({ key }));
  return pages?.map((text, index) => ({ page: index + 1, text })) ?? null;
}
