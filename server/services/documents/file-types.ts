import { DOCUMENT_FILE_TYPES, type DocumentFileType } from '@domain/documents/rules.ts';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/**
 * What a file is, from its bytes (magic numbers), never from its name or the type the
 * browser claims: an HTML page named .png or a PHP script named .pdf is neither.
 */

/**
 * How much of the start of a file the sniffer sees. 4 KB covers PDF, images and MP4; Office
 * files are zip archives whose `[Content_Types].xml` entry is usually first but not always,
 * so a little more is read before deciding. It is the only part held in memory.
 */
export const SNIFF_BYTES = 64 * 1024;

const byExtension = new Map<string, DocumentFileType>(DOCUMENT_FILE_TYPES.map((type) => [type.ext, type]));

/** The allowed document type of these first bytes, or null for anything else. */
export async function sniffDocumentType(head: Uint8Array): Promise<DocumentFileType | null> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return null;
  const type = byExtension.get(detected.ext);
  // file-type's ext for JPEG is 'jpg'; every allowed type's mime must match what was found.
  return type && type.mime === detected.mime ? type : null;
}

export const CAROUSEL_IMAGE_TYPES = ['jpg', 'png', 'webp', 'gif'] as const;
export type CarouselImageExt = (typeof CAROUSEL_IMAGE_TYPES)[number];

export const IMAGE_MIME: Record<CarouselImageExt, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** JPEG, PNG, WebP or GIF by their bytes; SVG (markup that can carry script) never passes. */
export async function sniffImageType(head: Uint8Array): Promise<CarouselImageExt | null> {
  const detected = await fileTypeFromBuffer(head);
  const ext = detected?.ext;
  return (CAROUSEL_IMAGE_TYPES as readonly string[]).includes(ext ?? '') ? (ext as CarouselImageExt) : null;
}

/**
 * Reads the first `size` bytes of a stream (fewer if it ends first) and gives back a stream
 * of the whole content, head included, so the rest can still be streamed to storage.
 */
export async function peek(source: Readable, size: number): Promise<{ head: Buffer; body: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* whole() {
    try {
      yield head;
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // Stopping early (an oversized file) must release the source too.
      await iterator.return?.();
    }
  }
  return { head, body: Readable.from(whole(), { objectMode: false }) };
}
