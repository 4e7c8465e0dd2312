/**
 * How a document file may arrive and what it may be, said once for the browser (the upload
 * dialog, Import from link) and the server (the intake in server/services/documents/): the
 * size limits, S3's part rules that the parts uploader and the disk backend both follow, and
 * the messages an admin reads when a file is refused. No Zod here: pages import it.
 * docs/documents.md describes the behaviour.
 */

/** Above this a document goes in parts; up to it, one `POST /api/documents/upload` carries it (100 MiB). */
export const SINGLE_REQUEST_MAX_BYTES = 104_857_600;

/** S3's rules, which Uppy follows too: every part but the last at least 5 MiB, at most 10,000 parts. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
export const MAX_PARTS = 10_000;
/** S3's largest part (5 GiB). */
export const MAX_PART_BYTES = 5 * 1024 * 1024 * 1024;

/**
 * "5 GiB", "100 MiB", "8 KiB": an upload limit in the largest whole-ish unit, as every way in
 * says it when a file is over it.
 */
export function tooLargeMessage(maxBytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = maxBytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `The file is larger than the upload limit of ${Number(value.toFixed(1))} ${units[unit]}.`;
}

/** A file whose bytes are none of DOCUMENT_FILE_TYPES; `verb` is what the admin was doing. */
export function unsupportedTypeMessage(verb: 'Upload' | 'Import' = 'Upload'): string {
  return `This file type is not allowed. ${verb} a PDF, an image (JPEG, PNG, WebP, GIF), a Word, Excel or PowerPoint file, or an MP4 video.`;
}
