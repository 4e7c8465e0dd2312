// @ts-check
/**
 * The worker thread that reads one PDF's text (docs/search.md, "Text inside PDFs"); plain
 * JavaScript, since a worker does not inherit tsx's loader on Node 20. Protocol: workerData
 * { size, maxRawPageChars, maxDocumentChars }; the parent posts { chunk } messages in order,
 * then { end: true }; one answer: { ok: true, pages } or { ok: false, reason, message }.
 */
import { parentPort, workerData } from 'node:worker_threads';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { size, maxRawPageChars, maxDocumentChars } = /** @type {{ size: number, maxRawPageChars: number, maxDocumentChars: number }} */ (workerData);

// The file, filled in place as its chunks arrive: one copy of it, in this thread only.
const bytes = new Uint8Array(size);
let received = 0;

port.on('message', (/** @type {{ chunk?: Uint8Array, end?: boolean }} */ message) => {
  if (message.chunk) {
    if (received + message.chunk.length > size) {
      answer({ ok: false, reason: 'invalid', message: `more bytes than the ${size} announced` });
      return;
    }
    bytes.set(message.chunk, received);
    received += message.chunk.length;
  } else if (message.end) {
    extract(bytes.subarray(0, received)).then(answer, (error) => answer(failure(error)));
  }
});

/** @param {{ ok: boolean } & Record<string, unknown>} message */
function answer(message) {
  port.postMessage(message);
  port.close();
}

/** @param {unknown} error */
function failure(error) {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  const reason = name === 'PasswordException' ? 'encrypted' : name === 'InvalidPDFException' ? 'invalid' : 'unreadable';
  return { ok: false, reason, message: message.slice(0, 300) };
}

/** @param {Uint8Array} data */
async function extract(data) {
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(data, {
    // Text only: no fonts loaded for drawing, no XFA forms, no messages. (This pdf.js never
    // compiles code from a file's fonts: its isEvalSupported option is gone.)
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: 0,
  });
  try {
    /** @type {string[]} */
    const pages = [];
    let kept = 0;
    for (let number = 1; number <= pdf.numPages && kept < maxDocumentChars; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.hasEOL ? `${item.str} ` : item.str;
        if (text.length > maxRawPageChars) break;
      }
      // Whitespace runs collapse here so that the cap counts words, not a page of blanks.
      text = text.replace(/\s+/g, ' ').slice(0, maxRawPageChars);
      pages.push(text);
      kept += text.length;
      page.cleanup();
    }
    return { ok: true, pages };
  } finally {
    await pdf.loadingTask.destroy();
  }
}
