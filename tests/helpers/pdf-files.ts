import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';

/**
 * PDFs made by code for the text-extraction tests and bench: real, minimal files (the
 * writer of scripts/generate-sample-pdfs.ts, reduced) and the hostile ones a site meets.
 * Text must be plain ASCII without parentheses or backslashes.
 */

/** Objects 1..n in order (object 1 the catalog), with a correct cross-reference table. */
export function pdfFromObjects(objects: Array<string | Buffer>, trailerExtra = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const push = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    push(Buffer.from(`${index + 1} 0 obj\n`, 'latin1'));
    push(typeof object === 'string' ? Buffer.from(object, 'latin1') : object);
    push(Buffer.from('\nendobj\n', 'latin1'));
  });
  const xref = length;
  const table = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

export function streamObject(content: Buffer, dictionary = ''): Buffer {
  return Buffer.concat([Buffer.from(`<< /Length ${content.length} ${dictionary}>>\nstream\n`, 'latin1'), content, Buffer.from('\nendstream', 'latin1')]);
}

/** The content stream of a page: each line of text below the previous one, in Helvetica 11. */
export function textContent(lines: string[]): string {
  return lines.map((line, index) => `BT /F1 11 Tf 56 ${740 - (index % 60) * 12} Td (${line}) Tj ET`).join('\n');
}

/** The objects of a document of `contents.length` pages (one content stream each), objects 1..3+2n. */
function pageObjects(contents: Buffer[], resources = '/Font << /F1 3 0 R >>'): Array<string | Buffer> {
  const pageIds = contents.map((_, index) => 4 + index * 2);
  const objects: Array<string | Buffer> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  contents.forEach((content, index) => {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << ${resources} >> /Contents ${pageIds[index]! + 1} 0 R >>`);
    objects.push(content);
  });
  return objects;
}

/** A PDF with one page per entry, each page the given lines of text. */
export function textPdf(pages: string[][]): Buffer {
  return pdfFromObjects(pageObjects(pages.map((lines) => streamObject(Buffer.from(textContent(lines), 'latin1')))));
}

/**
 * A password-protected PDF: a standard security handler whose user password is not empty
 * (the /U check value matches no password), so nothing can be read without it.
 */
export function encryptedPdf(): Buffer {
  const objects = pageObjects([streamObject(crypto.randomBytes(200))]);
  const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');
  objects.push(`<< /Filter /Standard /V 2 /R 3 /Length 128 /P -1028 /O <${hex(32)}> /U <${hex(32)}> >>`);
  const id = hex(16);
  return pdfFromObjects(objects, `/Encrypt ${objects.length} 0 R /ID [<${id}> <${id}>] `);
}

/**
 * A one-page PDF whose content stream is `inflatedMb` MB of spaces, deflated to about a
 * thousandth of that: small to upload, large to read (a "decompression bomb").
 */
export async function inflatingPdf(inflatedMb: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  // A megabyte at a time: the whole would be that many megabytes in this process.
  const block = Buffer.alloc(1024 * 1024, ' ');
  for (let mb = 0; mb < inflatedMb; mb++) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return pdfFromObjects(pageObjects([streamObject(Buffer.concat(chunks), '/Filter /FlateDecode ')]));
}

/**
 * Built to be slow: `pages` pages that all draw the same content stream of `operations`
 * path-drawing operators and one line of text, so a small file (about 120 bytes a page) makes
 * the reader parse pages × operations operators while finding almost no text.
 */
export function slowPdf(pages: number, operations = 5000): Buffer {
  const drawing = Array.from({ length: operations }, (_, n) => `${n % 500} ${n % 700} m ${(n + 3) % 500} ${(n + 5) % 700} l S`).join('\n');
  const content = streamObject(zlib.deflateSync(Buffer.from(`${drawing}\n${textContent(['A page drawn many times'])}`, 'latin1')), '/Filter /FlateDecode ');
  const pageIds = Array.from({ length: pages }, (_, index) => 5 + index);
  const objects: Array<string | Buffer> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    content,
  ];
  for (let page = 0; page < pages; page++) objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>');
  return pdfFromObjects(objects);
}

/**
 * One page of `items` separately placed words: each becomes an object in the reader's heap,
 * so a file of a few hundred kilobytes needs hundreds of megabytes of JavaScript heap.
 */
export function heapHungryPdf(items: number): Buffer {
  const ops = Array.from({ length: items }, (_, n) => `${n % 2 ? 3 : -3} 0 Td (w${n % 10}) Tj`).join('\n');
  return pdfFromObjects(pageObjects([streamObject(zlib.deflateSync(Buffer.from(`BT /F1 11 Tf 56 700 Td\n${ops}\nET`, 'latin1')), '/Filter /FlateDecode ')]));
}

/**
 * Writes a PDF of about `targetBytes` to `file` without holding it in memory: pages of prose
 * (deflated, ~`linesPerPage` lines each), every page also drawing a full-page image of random
 * bytes (uncompressible, never decoded for text) sized so the file reaches the target.
 * Resolves with its page count.
 */
export function writeLargePdf(file: string, targetBytes: number, pages = 1000, linesPerPage = 45): number {
  const fd = fs.openSync(file, 'w');
  let length = 0;
  const offsets: number[] = [];
  const write = (part: Buffer | string) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    fs.writeSync(fd, bytes);
    length += bytes.length;
  };
  const object = (id: number, body: Buffer | string) => {
    offsets[id] = length;
    write(`${id} 0 obj\n`);
    write(body);
    write('\nendobj\n');
  };
  try {
    write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
    // Objects: 1 catalog, 2 pages, 3 font, then per page: page, content, image.
    const pageId = (index: number) => 4 + index * 3;
    object(1, '<< /Type /Catalog /Pages 2 0 R >>');
    object(2, `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, index) => `${pageId(index)} 0 R`).join(' ')}] /Count ${pages} >>`);
    object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    const imageBytes = Math.max(1024, Math.floor(targetBytes / pages) - 3000);
    const side = Math.floor(Math.sqrt(imageBytes / 3));
    for (let index = 0; index < pages; index++) {
      const id = pageId(index);
      const lines = Array.from({ length: linesPerPage }, (_, line) => `Page ${index + 1} line ${line + 1}: the virtual pipeline carries LNG by road to sites far from a gas main`);
      const content = zlib.deflateSync(Buffer.from(`q 540 0 0 700 36 46 cm /Im1 Do Q\n${textContent(lines)}`, 'latin1'));
      object(id, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> /XObject << /Im1 ${id + 2} 0 R >> >> /Contents ${id + 1} 0 R >>`);
      object(id + 1, streamObject(content, '/Filter /FlateDecode '));
      object(id + 2, streamObject(crypto.randomBytes(side * side * 3), `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 `));
    }
    const count = 3 + pages * 3;
    const xref = length;
    write(`xref\n0 ${count + 1}\n0000000000 65535 f \n`);
    for (let id = 1; id <= count; id++) write(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
    write(`trailer\n<< /Size ${count + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  } finally {
    fs.closeSync(fd);
  }
  return pages;
}
