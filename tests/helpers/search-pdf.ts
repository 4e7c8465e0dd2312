/**
 * A tiny PDF with given text per page (Helvetica, plain ASCII), for the search tests: the
 * smallest file a real PDF reader takes, built here so a test names the exact sentence on
 * the exact page it then searches for.
 */
export function pdfWithPages(pages: readonly string[]): Buffer {
  const objects: string[] = [];
  /** Adds an object; its number is its place, from 1. */
  const add = (body: string) => objects.push(body);
  const catalog = add('<< /Type /Catalog /Pages 2 0 R >>');
  const pagesRef = add(''); // filled below, once the kids are known
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (const text of pages) {
    if (/[^\x20-\x7e]/.test(text)) throw new Error('pdfWithPages takes plain ASCII');
    const escaped = text.replace(/[\\()]/g, (char) => `\\${char}`);
    const stream = `BT /F1 12 Tf 56 720 Td (${escaped}) Tj ET`;
    const content = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${pagesRef} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`));
  }
  objects[pagesRef - 1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Starts like a PDF (so the intake takes it as one) and is nothing a reader can open. */
export function malformedPdf(words: string): Buffer {
  return Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\nstream\n(${words}) garbage ${'\u0000'.repeat(8)}\n%%EOF`, 'latin1');
}
