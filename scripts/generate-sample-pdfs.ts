/**
 * Writes the sample documents of content/sample-documents.ts as small PDFs into
 * content/sample-documents/. Run: `npx tsx scripts/generate-sample-pdfs.ts`.
 *
 * A deliberately tiny PDF writer (no dependency): Letter pages, the standard Helvetica
 * fonts, a brand-coloured header band, wrapped text. The output is byte-for-byte stable,
 * so regenerating without a content change leaves git clean.
 */
import fs from 'node:fs';
import path from 'node:path';
import { site } from '../content/site.ts';
import { type SampleDocument, sampleDocuments } from '../content/sample-documents.ts';

const outDir = path.resolve(import.meta.dirname, '..', 'content', 'sample-documents');
const PAGE = { width: 612, height: 792, margin: 56 };
const BODY_SIZE = 11;
const HEADING_SIZE = 14;
const LINE_GAP = 1.45;

/** Helvetica's average glyph width is about half an em; good enough to wrap plain prose. */
function wrap(text: string, size: number, width: number): string[] {
  const maxChars = Math.floor(width / (size * 0.5));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function escapePdfText(text: string): string {
  if (/[^\x20-\x7e]/.test(text)) throw new Error(`Sample text must be plain ASCII: ${JSON.stringify(text)}`);
  return text.replace(/[\\()]/g, (char) => `\\${char}`);
}

interface TextLine {
  text: string;
  font: 'F1' | 'F2';
  size: number;
  indent: number;
  spaceBefore: number;
}

function layout(document: SampleDocument): TextLine[] {
  const width = PAGE.width - PAGE.margin * 2;
  const lines: TextLine[] = [];
  for (const section of document.sections) {
    lines.push({ text: section.heading, font: 'F2', size: HEADING_SIZE, indent: 0, spaceBefore: 18 });
    for (const paragraph of section.paragraphs) {
      const bullet = paragraph.startsWith('- ');
      const body = bullet ? paragraph.slice(2) : paragraph;
      wrap(body, BODY_SIZE, width - (bullet ? 14 : 0)).forEach((text, index) => {
        lines.push({
          text: bullet && index === 0 ? `-  ${text}` : text,
          font: 'F1',
          size: BODY_SIZE,
          indent: bullet && index > 0 ? 11 : 0,
          spaceBefore: index === 0 ? 6 : 0,
        });
      });
    }
  }
  return lines;
}

/** Content streams, one per page: header band and title on the first, text flowing onto more. */
function pageStreams(document: SampleDocument): string[] {
  const pages: string[] = [];
  let ops: string[] = [];
  const band = (title: string) => {
    ops.push('0.043 0.122 0.208 rg', `0 ${PAGE.height - 96} ${PAGE.width} 96 re f`);
    ops.push('0.055 0.612 0.761 rg', `0 ${PAGE.height - 100} ${PAGE.width} 4 re f`);
    ops.push('1 1 1 rg', 'BT', `/F1 10 Tf ${PAGE.margin} ${PAGE.height - 36} Td (${escapePdfText(`${site.name}  |  ${site.slogan}`)}) Tj ET`);
    const titleLines = wrap(title, 20, PAGE.width - PAGE.margin * 2);
    titleLines.slice(0, 2).forEach((line, index) => {
      ops.push('BT', `/F2 20 Tf ${PAGE.margin} ${PAGE.height - 62 - index * 22} Td (${escapePdfText(line)}) Tj ET`);
    });
    ops.push('0.043 0.106 0.169 rg');
  };
  const footer = (number: number) => {
    ops.push(
      '0.35 0.4 0.45 rg',
      'BT',
      `/F1 8 Tf ${PAGE.margin} 32 Td (${escapePdfText(`${site.legalName}  -  ${site.phone.display}  -  ${site.email.sales}  -  page ${number}`)}) Tj ET`,
    );
  };
  band(document.title);
  let y = PAGE.height - 120;
  for (const line of layout(document)) {
    const step = line.spaceBefore + line.size * LINE_GAP;
    if (y - step < 60) {
      footer(pages.length + 1);
      pages.push(ops.join('\n'));
      ops = ['0.043 0.106 0.169 rg'];
      y = PAGE.height - PAGE.margin;
    }
    y -= step;
    const colour = line.font === 'F2' ? '0.043 0.4 0.514 rg' : '0.043 0.106 0.169 rg';
    ops.push(colour, 'BT', `/${line.font} ${line.size} Tf ${PAGE.margin + line.indent} ${y.toFixed(1)} Td (${escapePdfText(line.text)}) Tj ET`);
  }
  footer(pages.length + 1);
  pages.push(ops.join('\n'));
  return pages;
}

function buildPdf(document: SampleDocument): Buffer {
  const streams = pageStreams(document);
  // Objects: 1 catalog, 2 pages, 3-4 fonts, 5 info, then a page and its content per page.
  const objects: string[] = [];
  const pageIds = streams.map((_, index) => 6 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title (${escapePdfText(document.title)}) /Author (${escapePdfText(site.name)}) /Producer (scripts/generate-sample-pdfs.ts) >>`;
  streams.forEach((content, index) => {
    const pageId = 6 + index * 2;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });

  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(pdf, 'latin1');
    pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) pdf += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

fs.mkdirSync(outDir, { recursive: true });
for (const document of sampleDocuments) {
  const bytes = buildPdf(document);
  fs.writeFileSync(path.join(outDir, document.file), bytes);
  console.log(`${document.file}: ${bytes.length} bytes`);
}
