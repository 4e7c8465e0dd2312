import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { streamCopy } from '../storage/stream-copy.ts';
import { HttpError } from './errors.ts';

export interface FormOptions<T> {
  limits: busboy.Limits;
  /** Text fields kept (the first value of each counts; a repeat cannot change what was checked); all when absent. */
  fields?: ReadonlySet<string>;
  /** A kept field cut at `limits.fieldSize` is a 413 when set, else kept as cut. */
  refuseTruncated?: boolean;
  /**
   * The one `file` part, with the fields that came before it. Its stream is a copy (see
   * streamCopy): whatever is not read of it is drained, so the rest of the form is still read.
   */
  onFile: (file: Readable, filename: string, fieldsSoFar: ReadonlyMap<string, string>) => Promise<T>;
  /** The form broke off or the file failed: undo what onFile did, before the error is answered. */
  onFail?: () => Promise<void>;
}

/**
 * Reads a multipart/form-data request with busboy (the document upload, and disk storage's
 * stand-in for an S3 POST policy): resolves once the whole form was read and the file's
 * handling has settled, with the kept fields and what onFile gave (null when there was no
 * file part). Every part goes through streamCopy, which handles its errors; any part that is
 * not the first `file` is drained. The answer comes only after the whole request was read, so
 * the browser always receives it (answering mid-upload would look like a network error). A form
 * that breaks off (no closing boundary, a part cut short, a client that hangs up) is a 400.
 */
export function readMultipartForm<T>(req: Request, options: FormOptions<T>): Promise<{ fields: Map<string, string>; file: T | null }> {
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>();
    let file: Promise<T> | null = null;
    let fileCopy: Readable | null = null;
    let failed = false;
    let parser: busboy.Busboy | null = null;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      fileCopy?.destroy(new Error('upload aborted'));
      if (parser) {
        req.unpipe(parser);
        // Ends every part still open; their errors are handled by streamCopy.
        parser.destroy();
      }
      // The rest of a complete request is read (and thrown away) so the answer reaches the client.
      req.resume();
      void Promise.resolve(file)
        .catch(() => undefined)
        .then(() => options.onFail?.())
        .finally(() => reject(error));
    };
    const broken = () => fail(new HttpError(400, 'The upload was cut short or is not a valid multipart form. Try again.'));

    try {
      // UTF-8 file names from browsers' FormData, not busboy's Latin-1 default.
      parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: options.limits });
    } catch {
      reject(new HttpError(400, 'The upload is not a valid multipart form.'));
      return;
    }
    parser.on('field', (name, value, info) => {
      if (options.fields && !options.fields.has(name)) return;
      if (info.valueTruncated && options.refuseTruncated) return fail(new HttpError(413, `The ${name} field is too long.`));
      if (!fields.has(name)) fields.set(name, value);
    });
    parser.on('file', (name, stream, info) => {
      const copy = streamCopy(stream, broken);
      if (name !== 'file' || file || failed) {
        copy.destroy();
        return;
      }
      fileCopy = copy;
      // Whatever the handler did not read is drained, so busboy can finish the form.
      file = options.onFile(copy, info.filename ?? '', fields).finally(() => copy.destroy());
      file.catch(fail);
    });
    parser.on('error', broken);
    parser.on('close', () => {
      if (failed) return;
      Promise.resolve(file).then((result) => resolve({ fields, file: result ?? null }), fail);
    });
    // A browser that gives up mid-upload: stop, and let storage clean up its partial object.
    req.on('close', () => {
      if (!req.complete) fail(new HttpError(400, 'The upload was interrupted.'));
    });
    req.pipe(parser);
  });
}
