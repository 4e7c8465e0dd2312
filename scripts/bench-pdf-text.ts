// `npm run bench:pdf-text` (also part of `npm run bench:search`, which calls benchPdfExtraction):
// how fast a PDF's text is read for search and what it costs in memory (docs/search.md, "Text
// inside PDFs"), with the default limits (PDF_TEXT_*). Rows: the sample documents, a typical
// 20-page brochure, a worker's start on a one-line PDF, a ~100 MB PDF read from disk as the
// intake reads it (1,000 pages of ~10 lines of text, each page also drawing a ~100 KB image
// of random bytes), and two hostile files that must end at a limit (a 1 MB PDF inflating to
// 1 GiB, and 4,000 pages drawing one shared 5,000-operator content stream). Figures: wall time
// from call to answer (the worker's start included), MB/s of file, the worker's peak heap +
// buffers (Node 22.16+; "n/a" on Node 20), the process's peak resident-memory growth, and the
// main thread's worst event-loop delay meanwhile. Files go to a temp directory, removed after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { sampleDocuments } from '../content/sample-documents.ts';
import { loadConfig } from '../server/config.ts';
import { type PdfSource, type PdfTextStats, extractPdfText } from '../server/services/search/pdf-text/extract-pdf-text.ts';
import { inflatingPdf, slowPdf, textPdf, writeLargePdf } from '../tests/helpers/pdf-files.ts';
import { printTable } from './bench/server.ts';

const MB = 1e6;
const sampleDir = path.resolve(import.meta.dirname, '..', 'content', 'sample-documents');

interface Case {
  name: string;
  size: number;
  source: () => PdfSource;
}

async function measure(item: Case): Promise<Array<string | number>> {
  const limits = loadConfig({}).pdfText;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let stats: PdfTextStats | null = null;
  delay.enable();
  const pages = await extractPdfText(item.source(), item.size, limits, pino({ level: 'silent' }), (measured) => {
    stats = measured;
  });
  delay.disable();
  const { ms, failure, peakRssGrowth, peakWorkerMemory } = stats as unknown as PdfTextStats;
  const chars = pages?.reduce((total, text) => total + text.length, 0) ?? 0;
  return [
    item.name,
    (item.size / MB).toFixed(item.size < MB ? 4 : 1),
    pages?.length ?? '-',
    chars,
    ms.toFixed(0),
    (item.size / MB / (ms / 1000)).toFixed(2),
    peakWorkerMemory === null ? 'n/a' : (peakWorkerMemory / MB).toFixed(0),
    (peakRssGrowth / MB).toFixed(0),
    (delay.max / 1e6).toFixed(1),
    failure ?? 'text',
  ];
}

const fromBytes = (name: string, bytes: Buffer): Case => ({ name, size: bytes.length, source: () => new Uint8Array(bytes) });

/** Prints the extraction figures as a table (called by `npm run bench:search` too). */
export async function benchPdfExtraction(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vpv-bench-pdf-text-'));
  const rows: Array<Array<string | number>> = [];
  try {
    const limits = loadConfig({}).pdfText;
    console.log(
      `\nPDF text extraction on Node ${process.version} (limits: ${limits.timeoutMs} ms, ${limits.maxBytes / 1024 ** 2} MiB, ${limits.maxMemoryMb} MB; one worker per PDF, one at a time)\n`,
    );
    // The main thread's event-loop delay with no extraction at all, to compare the last column with.
    const idle = monitorEventLoopDelay({ resolution: 10 });
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    idle.disable();
    rows.push(['nothing: 1 s idle (loop delay baseline)', '-', '-', '-', '1000', '-', '-', '-', (idle.max / 1e6).toFixed(1), '-']);
    rows.push(await measure(fromBytes('worker start: 1-line PDF', textPdf([['Hello']]))));
    for (const document of sampleDocuments) rows.push(await measure(fromBytes(`sample: ${document.file}`, fs.readFileSync(path.join(sampleDir, document.file)))));
    const line = 'The virtual pipeline carries LNG by road in cryogenic trailers to sites far from a gas main';
    rows.push(await measure(fromBytes('brochure: 20 pages x 45 lines', textPdf(Array.from({ length: 20 }, () => Array.from({ length: 45 }, () => line))))));
    const large = path.join(dir, 'large.pdf');
    writeLargePdf(large, 100 * MB, 1000, 10);
    const largeSize = fs.statSync(large).size;
    rows.push(await measure({ name: '~100 MB: 1,000 pages + images, from disk', size: largeSize, source: () => async () => fs.createReadStream(large) }));
    rows.push(await measure(fromBytes('hostile: 1 MB inflating to 1 GiB', await inflatingPdf(1024))));
    rows.push(await measure(fromBytes('hostile: 4,000 pages x 5,000 operators', slowPdf(4000))));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  printTable(['PDF', 'MB', 'pages', 'chars kept', 'ms', 'MB/s', 'worker peak MB', 'process RSS +MB', 'main loop max delay ms', 'outcome'], rows);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchPdfExtraction();
