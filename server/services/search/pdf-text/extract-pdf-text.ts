import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../../logger.ts';
import { WorkQueue, WorkQueueFullError } from '../../../lib/work-queue.ts';
import { normalizePdfPageText } from './normalize-pdf-text.ts';
import {
  PDF_TEXT_CONCURRENCY,
  PDF_TEXT_MAX_DOCUMENT_CHARS,
  PDF_TEXT_MAX_PAGE_CHARS,
  PDF_TEXT_MAX_WAITING,
  PDF_TEXT_MEMORY_CHECK_MS,
  PDF_TEXT_WORKER_ALLOWANCE_MB,
  type PdfTextLimits,
} from './pdf-text-limits.ts';

export type { PdfTextLimits } from './pdf-text-limits.ts';

/** A PDF's text, page by page, read in a worker thread within time and memory limits (docs/search.md, "Text inside PDFs"): text or null, never an error. */

/** The file: its bytes, or a way to read it from storage (`() => storage.get(key)`). */
export type PdfSource = Uint8Array | (() => Promise<Readable | null>);

/** Why a PDF has no text, in the one log line it gets. */
export type PdfTextFailure = 'too-large' | 'empty' | 'encrypted' | 'invalid' | 'unreadable' | 'timeout' | 'memory' | 'missing' | 'busy';

/** What one extraction cost, for the bench (scripts/bench-pdf-text.ts). */
export interface PdfTextStats {
  ms: number;
  failure: PdfTextFailure | null;
  /** The process's largest resident-memory growth over its size at the start, as the memory watch saw it (bytes). */
  peakRssGrowth: number;
  /** The worker's largest V8 heap + buffers outside it (bytes), where the runtime can tell (Node 22.16+); else null. */
  peakWorkerMemory: number | null;
}

type Outcome = ({ pages: string[] } | { failure: PdfTextFailure; detail?: string }) & {
  peakRssGrowth?: number;
  peakWorkerMemory?: number | null;
};

type WorkerAnswer = { ok: true; pages: string[] } | { ok: false; reason: 'encrypted' | 'invalid' | 'unreadable'; message: string };

/** The part of v8.HeapInfo the watch reads; `external_memory` counts ArrayBuffers (the file, inflated streams). */
interface WorkerHeap {
  total_heap_size: number;
  external_memory: number;
}

/** Worker.getHeapStatistics() (Node 22.16+, 24): the worker's own memory, asked for even while it is busy. */
type MeasurableWorker = Worker & { getHeapStatistics?: () => Promise<WorkerHeap> };

const workerFile = new URL('./pdf-text-worker.mjs', import.meta.url);

/** Every extraction of the process goes through this one line (PDF_TEXT_CONCURRENCY at a time). */
export const pdfTextWork = new WorkQueue({ concurrency: PDF_TEXT_CONCURRENCY, maxWaiting: PDF_TEXT_MAX_WAITING });

/**
 * Per-page text (index 0 = page 1; empty string for a page without text), or null when there
 * is none to be had: too large, encrypted, malformed, too slow or too big in memory, with one
 * warning logged saying which. Never throws. `size` is the stored file's size in bytes. Give
 * `logger` the document's context (logger.child({ key })): the warning carries only the reason.
 */
export async function extractPdfText(
  source: PdfSource,
  size: number,
  limits: PdfTextLimits,
  logger: Logger,
  observe?: (stats: PdfTextStats) => void,
): Promise<string[] | null> {
  const started = performance.now();
  let outcome: Outcome;
  if (size > limits.maxBytes) outcome = { failure: 'too-large', detail: `${size} bytes, over PDF_TEXT_MAX_BYTES (${limits.maxBytes})` };
  else if (size <= 0) outcome = { failure: 'empty' };
  else {
    try {
      outcome = await pdfTextWork.run(() => extractInWorker(source, size, limits));
    } catch (error) {
      outcome =
        error instanceof WorkQueueFullError
          ? { failure: 'busy', detail: `${PDF_TEXT_MAX_WAITING} PDFs already waiting` }
          : { failure: 'unreadable', detail: error instanceof Error ? error.message : String(error) };
    }
  }
  observe?.({
    ms: performance.now() - started,
    failure: 'failure' in outcome ? outcome.failure : null,
    peakRssGrowth: outcome.peakRssGrowth ?? 0,
    peakWorkerMemory: outcome.peakWorkerMemory ?? null,
  });
  if ('pages' in outcome) return outcome.pages;
  logger.warn(
    { pdfText: { reason: outcome.failure, detail: outcome.detail, size, ms: Math.round(performance.now() - started) } },
    `PDF text not extracted (${outcome.failure}): the document is kept without searchable text`,
  );
  return null;
}

/**
 * One worker for one file, ended whatever happens. V8 caps its heap (resourceLimits); its
 * buffers, which that cap cannot see (a decompression bomb), are watched from here: past the
 * file's size + maxMemoryMb, or on Node 20 the process's growth past that + the worker's start.
 */
function extractInWorker(source: PdfSource, size: number, limits: PdfTextLimits): Promise<Outcome> {
  const MiB = 1024 * 1024;
  const baselineRss = process.memoryUsage.rss();
  const buffersCeiling = size + limits.maxMemoryMb * MiB;
  const rssCeiling = baselineRss + size + (limits.maxMemoryMb + PDF_TEXT_WORKER_ALLOWANCE_MB) * MiB;
  const worker: MeasurableWorker = new Worker(workerFile, {
    workerData: { size, maxRawPageChars: PDF_TEXT_MAX_PAGE_CHARS * 2, maxDocumentChars: PDF_TEXT_MAX_DOCUMENT_CHARS },
    resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb },
    // pdf.js may still write to the console; what it says is not the site's output.
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  const measurable = typeof worker.getHeapStatistics === 'function';

  return new Promise<Outcome>((resolve) => {
    let settled = false;
    let online = false;
    let asking = false;
    let peakRss = baselineRss;
    let peakWorker = 0;
    let reading: Readable | null = null;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(memoryWatch);
      // A stream from storage that stalled past the time limit is let go of now, not at its next chunk.
      reading?.destroy();
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      resolve({ ...outcome, peakRssGrowth: peakRss - baselineRss, peakWorkerMemory: measurable ? peakWorker : null });
      void worker.terminate();
    };
    const overMemory = (detail: string) => finish({ failure: 'memory', detail });
    const timer = setTimeout(() => finish({ failure: 'timeout', detail: `over PDF_TEXT_TIMEOUT_MS (${limits.timeoutMs} ms)` }), limits.timeoutMs);
    const memoryWatch = setInterval(() => {
      const rss = process.memoryUsage.rss();
      peakRss = Math.max(peakRss, rss);
      if (!measurable) {
        if (rss > rssCeiling) overMemory(`the process grew by ${Math.round((rss - baselineRss) / MiB)} MB`);
        return;
      }
      if (!online || asking) return;
      asking = true;
      worker.getHeapStatistics!().then(
        (heap) => {
          asking = false;
          peakWorker = Math.max(peakWorker, heap.total_heap_size + heap.external_memory);
          if (heap.external_memory > buffersCeiling) overMemory(`the worker holds ${Math.round(heap.external_memory / MiB)} MB of buffers`);
        },
        () => {
          asking = false; // it has just ended: its exit or answer says why
        },
      );
    }, PDF_TEXT_MEMORY_CHECK_MS);

    worker.once('online', () => {
      online = true;
    });
    worker.on('message', (answer: WorkerAnswer) => {
      if (answer.ok) finish({ pages: finalPages(answer.pages) });
      else finish({ failure: answer.reason, detail: answer.message });
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') overMemory(`over the heap limit (${limits.maxMemoryMb} MB)`);
      else finish({ failure: 'unreadable', detail: error.message });
    });
    worker.on('exit', (code) => finish({ failure: 'unreadable', detail: `the worker ended (exit code ${code}) without an answer` }));

    const opened = (stream: Readable) => {
      reading = stream;
    };
    sendBytes(worker, source, size, () => settled, opened).then(
      (sent) => {
        if (sent === 'missing') finish({ failure: 'missing', detail: 'the stored file is not there' });
      },
      (error: unknown) => finish({ failure: 'unreadable', detail: `reading the file: ${error instanceof Error ? error.message : String(error)}` }),
    );
  });
}

/**
 * Posts the file to the worker in chunks, each copied once into an ArrayBuffer of its own and
 * moved there. Never the chunk's own buffer: a Buffer is often a view of Node's shared pool,
 * which must not be moved (Node 24 refuses; Node 20 would detach the pool).
 */
async function sendBytes(
  worker: Worker,
  source: PdfSource,
  size: number,
  ended: () => boolean,
  opened: (stream: Readable) => void,
): Promise<'sent' | 'missing'> {
  const post = (chunk: Uint8Array) => {
    const copy = new Uint8Array(chunk);
    worker.postMessage({ chunk: copy }, [copy.buffer]);
  };
  if (source instanceof Uint8Array) {
    for (let offset = 0; offset < source.length; offset += 1024 * 1024) post(source.subarray(offset, offset + 1024 * 1024));
  } else {
    const stream = await source();
    if (!stream) return 'missing';
    if (ended()) {
      stream.destroy();
      return 'sent';
    }
    opened(stream);
    let read = 0;
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      // Past the time or memory limit: the worker is gone, stop reading.
      if (ended()) {
        stream.destroy();
        return 'sent';
      }
      read += chunk.length;
      // More than the stored size said: stop reading; the worker answers 'invalid' for it.
      post(chunk);
      if (read > size) {
        stream.destroy();
        break;
      }
    }
  }
  worker.postMessage({ end: true });
  return 'sent';
}

/** The worker's raw pages, normalised and capped (per page and per document). */
function finalPages(raw: string[]): string[] {
  const pages: string[] = [];
  let total = 0;
  for (const text of raw) {
    if (total >= PDF_TEXT_MAX_DOCUMENT_CHARS) break;
    const page = normalizePdfPageText(text, Math.min(PDF_TEXT_MAX_PAGE_CHARS, PDF_TEXT_MAX_DOCUMENT_CHARS - total));
    pages.push(page);
    total += page.length;
  }
  return pages;
}
