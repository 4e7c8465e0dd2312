import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { sampleDocuments } from '../../content/sample-documents.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { extractPdfText, pdfTextWork } from '../../server/services/search/pdf-text/extract-pdf-text.ts';
import { normalizePdfPageText } from '../../server/services/search/pdf-text/normalize-pdf-text.ts';
import { PDF_TEXT_MAX_DOCUMENT_CHARS, PDF_TEXT_MAX_PAGE_CHARS, type PdfTextLimits } from '../../server/services/search/pdf-text/pdf-text-limits.ts';
import { DiskStorage } from '../../server/storage/disk.ts';
import { UrlSigner } from '../../server/storage/signed-url.ts';
import { objectKeys } from '../../server/storage/storage.ts';
import { encryptedPdf, heapHungryPdf, inflatingPdf, slowPdf, textPdf } from '../helpers/pdf-files.ts';

/** docs/search.md, "Text inside PDFs": real PDFs, a real worker thread, the real limits. */

const limits: PdfTextLimits = { timeoutMs: 15_000, maxBytes: 100 * 1024 * 1024, maxMemoryMb: 256 };
const sampleDir = path.resolve(import.meta.dirname, '..', '..', 'content', 'sample-documents');

function capturingLogger() {
  const lines: Array<{ level: number; msg: string; pdfText?: { reason: string; detail?: string } }> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const bytesOf = (buffer: Buffer) => new Uint8Array(buffer);

/** The paragraph as the PDF shows it once whitespace is normalised (a bullet is drawn "-  text"). */
const asExtracted = (paragraph: string) => paragraph.replace(/\s+/g, ' ').trim();

/** Extracts `pdf` and expects null with exactly one warning giving `reason`; then a good PDF still reads. */
async function expectNoText(pdf: Uint8Array | (() => Promise<Readable | null>), size: number, reason: string, given: PdfTextLimits = limits, detail?: string) {
  const { logger, lines } = capturingLogger();
  expect(await extractPdfText(pdf, size, given, logger)).toBeNull();
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ level: 40, pdfText: { reason, ...(detail ? { detail: expect.stringContaining(detail) } : {}) } });
  expect(lines[0]?.msg).toContain('PDF text not extracted');
  // The process is fine afterwards: the next PDF reads as usual, and nothing is left running.
  const good = textPdf([['Still reading after that']]);
  expect(await extractPdfText(bytesOf(good), good.length, limits, capturingLogger().logger)).toEqual(['Still reading after that']);
  expect(pdfTextWork.stats).toMatchObject({ running: 0, waiting: 0 });
}

describe('text inside PDFs', () => {
  it('reads every paragraph of each sample document, on its page', async () => {
    for (const document of sampleDocuments) {
      const bytes = fs.readFileSync(path.join(sampleDir, document.file));
      const { logger, lines } = capturingLogger();
      const pages = await extractPdfText(bytesOf(bytes), bytes.length, limits, logger);
      expect(pages, document.file).not.toBeNull();
      const text = pages!.join(' ');
      expect(pages![0]).toContain(document.title.split(' ').slice(0, 3).join(' '));
      for (const section of document.sections) {
        expect(text, document.file).toContain(section.heading);
        for (const paragraph of section.paragraphs) expect(text, document.file).toContain(asExtracted(paragraph.replace(/^- /, '-  ')));
      }
      expect(lines).toEqual([]);
    }
  });

  it('gives each page its own sentence, in page order, read from storage as a stream', async () => {
    const pdf = textPdf([
      ['Cover: VPV Energy field guide'],
      ['Regasification turns LNG back into gas', 'at the customer site.'],
      [],
      ['Netback is what the producer keeps per gallon.'],
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vpv-pdf-text-'));
    try {
      const storage = new DiskStorage(path.join(dir, 'objects'), path.join(dir, 'multipart'), new UrlSigner(crypto.randomBytes(32)));
      const key = objectKeys.uploadedDocument();
      const { size } = await storage.put(key, Readable.from([pdf]), { maxBytes: 1024 * 1024 });
      const pages = await extractPdfText(() => storage.get(key), size, limits, capturingLogger().logger);
      expect(pages).toEqual([
        'Cover: VPV Energy field guide',
        'Regasification turns LNG back into gas at the customer site.',
        '',
        'Netback is what the producer keeps per gallon.',
      ]);
      // A key whose object is gone: no text, one warning, no error.
      await expectNoText(() => storage.get(objectKeys.uploadedDocument()), 1000, 'missing');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps at most PDF_TEXT_MAX_PAGE_CHARS of a page and PDF_TEXT_MAX_DOCUMENT_CHARS of a document', async () => {
    const line = 'Boil-off gas is the LNG that warms and evaporates in a tank on its way to a site'; // 81 characters
    const fullPage = Array.from({ length: 60 }, () => line);
    // 5 pages of 300 lines each would be ~24,000 characters a page: more than a page may keep.
    const long = textPdf([Array.from({ length: 300 }, () => line)]);
    const [page] = (await extractPdfText(bytesOf(long), long.length, limits, capturingLogger().logger))!;
    expect(page!.length).toBeLessThanOrEqual(PDF_TEXT_MAX_PAGE_CHARS);
    expect(page!.length).toBeGreaterThan(PDF_TEXT_MAX_PAGE_CHARS - 100);
    expect(page).toMatch(/evaporates in a tank on its way to a site$|\S$/);

    const pageChars = fullPage.join(' ').length;
    const pagesNeeded = Math.ceil(PDF_TEXT_MAX_DOCUMENT_CHARS / pageChars);
    const big = textPdf(Array.from({ length: pagesNeeded + 20 }, () => fullPage));
    const pages = (await extractPdfText(bytesOf(big), big.length, limits, capturingLogger().logger))!;
    expect(pages.reduce((total, text) => total + text.length, 0)).toBeLessThanOrEqual(PDF_TEXT_MAX_DOCUMENT_CHARS);
    expect(pages.length).toBeLessThanOrEqual(pagesNeeded);
    expect(pages.length).toBeGreaterThan(pagesNeeded - 2);
  });

  it('keeps no control characters and makes every run of whitespace one space', () => {
    expect(normalizePdfPageText('  Net\u0000back\tper\r\n gallon\u0007 \u00a0 \u2028end\u0085 ', 100)).toBe('Netback per gallon end');
    expect(normalizePdfPageText('lone \ud800 surrogate, pair \ud83d\ude9a kept', 100)).toBe('lone surrogate, pair \ud83d\ude9a kept');
    // Cut at a word when one ends near the limit, never inside a surrogate pair.
    expect(normalizePdfPageText('one two three', 9)).toBe('one two');
    expect(normalizePdfPageText('\ud83d\ude9a\ud83d\ude9a', 3)).toBe('\ud83d\ude9a');
  });

  it('returns null with one warning for a password-protected PDF', async () => {
    const pdf = encryptedPdf();
    await expectNoText(bytesOf(pdf), pdf.length, 'encrypted');
  });

  it('returns null with one warning for random bytes, a truncated PDF, an empty file and another file named .pdf', async () => {
    const random = crypto.randomBytes(50_000);
    await expectNoText(bytesOf(random), random.length, 'invalid');
    const whole = textPdf([['First page'], ['Second page'], ['Third page']]);
    const truncated = whole.subarray(0, Math.floor(whole.length * 0.6));
    await expectNoText(bytesOf(truncated), truncated.length, 'invalid');
    await expectNoText(new Uint8Array(0), 0, 'empty');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    await expectNoText(bytesOf(png), png.length, 'invalid');
  });

  it('does not read a PDF over maxBytes at all', async () => {
    let opened = false;
    const source = async () => {
      opened = true;
      return Readable.from([Buffer.alloc(10)]);
    };
    await expectNoText(source, 2049, 'too-large', { ...limits, maxBytes: 2048 });
    expect(opened).toBe(false);
  });

  it('ends a PDF built to be slow at the time limit', async () => {
    const pdf = slowPdf(2000);
    await expectNoText(bytesOf(pdf), pdf.length, 'timeout', { ...limits, timeoutMs: 1000 });
  });

  it('ends a worker that outgrows its heap limit', async () => {
    const pdf = heapHungryPdf(200_000);
    await expectNoText(bytesOf(pdf), pdf.length, 'memory', { ...limits, maxMemoryMb: 24 }, 'over the heap limit (24 MB)');
  });

  it('ends a worker whose buffers outside the heap grow past the memory limit (a decompression bomb)', async () => {
    const pdf = await inflatingPdf(400);
    expect(pdf.length).toBeLessThan(1024 * 1024);
    // Measured on the worker itself where Node can (22.16+), else as the process's growth (Node 20).
    const detail = 'getHeapStatistics' in Worker.prototype ? 'MB of buffers' : 'the process grew by';
    await expectNoText(bytesOf(pdf), pdf.length, 'memory', { ...limits, maxMemoryMb: 32 }, detail);
  });

  it('reads one PDF at a time per process; the others wait their turn', async () => {
    const pdfs = [1, 2, 3].map((n) => textPdf([[`Document ${n}`]]));
    const results = await Promise.all(pdfs.map((pdf) => extractPdfText(bytesOf(pdf), pdf.length, limits, capturingLogger().logger)));
    expect(results).toEqual([['Document 1'], ['Document 2'], ['Document 3']]);
    expect(pdfTextWork.stats.peakRunning).toBe(1);
  });
});

describe('PDF text limits from the environment', () => {
  it('defaults to 15 s, 100 MiB and 256 MB', () => {
    expect(loadConfig({}).pdfText).toEqual({ timeoutMs: 15_000, maxBytes: 100 * 1024 * 1024, maxMemoryMb: 256 });
    expect(loadConfig({ PDF_TEXT_TIMEOUT_MS: '5000', PDF_TEXT_MAX_BYTES: '0', PDF_TEXT_MAX_MEMORY_MB: '512' }).pdfText).toEqual({
      timeoutMs: 5000,
      maxBytes: 0,
      maxMemoryMb: 512,
    });
  });

  it.each([
    ['PDF_TEXT_TIMEOUT_MS', '50', 'must be at least 100 ms'],
    ['PDF_TEXT_TIMEOUT_MS', 'soon', 'must be a number'],
    ['PDF_TEXT_MAX_BYTES', '-1', 'must be 0 (no PDF is read) or more'],
    ['PDF_TEXT_MAX_BYTES', '1.5', 'must be a whole number'],
    ['PDF_TEXT_MAX_MEMORY_MB', '8', 'must be at least 16 MB'],
  ])('refuses %s=%s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
