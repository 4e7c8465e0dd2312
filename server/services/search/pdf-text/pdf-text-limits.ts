/**
 * The limits of reading a PDF's text (docs/search.md, "Text inside PDFs"). The three in
 * PdfTextLimits come from the environment (PDF_TEXT_TIMEOUT_MS, PDF_TEXT_MAX_BYTES,
 * PDF_TEXT_MAX_MEMORY_MB in server/config.ts); the others are fixed here.
 */
export interface PdfTextLimits {
  /** Wall clock from the start of the work (reading the file included) to the answer; the worker is ended past it. */
  timeoutMs: number;
  /** A larger file is not read at all. */
  maxBytes: number;
  /** The worker's JavaScript heap, and separately its buffers besides the file's own bytes (docs/search.md). */
  maxMemoryMb: number;
}

/** Text kept per page, after whitespace is normalised: a dense page of prose is 3,000–6,000 characters. */
export const PDF_TEXT_MAX_PAGE_CHARS = 20_000;

/** Text kept per document: pages after the one that reaches it are left out (about 200 dense pages). */
export const PDF_TEXT_MAX_DOCUMENT_CHARS = 1_000_000;

/**
 * PDFs read at once per process; the rest wait their turn in order. One: a worker may use the
 * file's size + PDF_TEXT_MAX_MEMORY_MB, and on Node 20 the memory watch (extract-pdf-text.ts)
 * measures the whole process's growth, which it can blame on one worker only.
 */
export const PDF_TEXT_CONCURRENCY = 1;

/** How many may wait for their turn; one more is not read (its document is kept without text). */
export const PDF_TEXT_MAX_WAITING = 100;

/**
 * What a worker costs the process before it reads anything (its isolate, unpdf and pdf.js
 * loaded: 25-30 MB measured, scripts/bench-pdf-text.ts), allowed on top of maxMemoryMb where the
 * memory watch can only see the whole process (Node 20).
 */
export const PDF_TEXT_WORKER_ALLOWANCE_MB = 64;

/** How often the main thread looks at the process's memory while a worker runs. */
export const PDF_TEXT_MEMORY_CHECK_MS = 25;
