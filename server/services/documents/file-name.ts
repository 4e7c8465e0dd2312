/**
 * Download names: a document downloads as its title plus the file's extension, whatever
 * the file was called on the uploader's computer.
 */

/** Characters that are unsafe in a file name on some system, and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;

/** The title as a file name with the extension: path separators and control characters removed. */
export function downloadFileName(title: string, ext: string): string {
  const base = title.replace(UNSAFE, '-').replace(/\s+/g, ' ').trim().replace(/[.\s]+$/, '').slice(0, 150).trim();
  return `${base || 'document'}.${ext}`;
}

/**
 * `attachment; filename="ascii fallback"; filename*=UTF-8''percent-encoded` (RFC 6266 with
 * RFC 5987's encoding): current browsers use the UTF-8 name, old ones the ASCII one.
 */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/** Accents dropped (é → e), dashes kept as '-', anything else outside printable ASCII as '_'. */
export function asciiFallback(fileName: string): string {
  return fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
}

/** encodeURIComponent leaves ' ( ) * alone, which RFC 5987's attr-char does not allow. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The uploader's own file name, for the admin list only: no path, no control characters. */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255) || 'unnamed';
}
