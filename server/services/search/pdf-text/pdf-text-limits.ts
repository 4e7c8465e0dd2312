/** The limits of reading a PDF's text (docs/search.md, "Text inside PDFs"): PdfTextLimits from the environment, the others fixed. */
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

/** PDFs read at once per process (the rest wait in order): on Node 20 the memory watch sees only the whole process. */
export const PDF_TEXT_CONCURRENCY = 1;

/** How many may wait for their turn; one more is not read (its document is kept without text). */
export const PDF_TEXT_MAX_WAITING = 100;

/** A worker's own start (isolate, unpdf, pdf.js; docs/benchmarks.md), allowed on top of maxMemoryMb where only the process is watched (Node 20). */
export const PDF_TEXT_WORKER_ALLOWANCE_MB = 64;

/** How often the main thread looks at the process's memory while a worker runs. */
export const PDF_TEXT_MEMORY_CHECK_MS = 25;
