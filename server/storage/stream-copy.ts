import { PassThrough, type Readable, finished } from 'node:stream';

/**
 * The one way a stream we do not own (an HTTP request body, a multipart file part) is handed
 * to code that stores it. Node's `source.pipe(dest)` forwards neither errors nor an early end,
 * and `pipeline(source, …)` destroys the source when the consumer stops; both are wrong here:
 *
 * - The source failing or ending before its end (a client that hangs up, a form cut off
 *   before its closing boundary) destroys the copy with that error, so the consumer (storage)
 *   fails, closes its file and removes its partial object instead of waiting forever. Every
 *   'error' the source emits is handled: it can never crash the process.
 * - The consumer stopping early (a refused type, an oversized file, storage failing) or just
 *   not reading it (a skipped part) destroys the copy; the source is then drained, not
 *   destroyed, so the request can still be read to its end and answered (a browser shows an
 *   answer sent mid-upload as a network error), and a multipart parser moves on to the next
 *   part instead of stalling on a part nobody reads.
 *
 * `onSourceError` hears of the source failing (once), before the copy is destroyed.
 */
export function streamCopy(source: Readable, onSourceError?: (error: Error) => void): PassThrough {
  const copy = new PassThrough();
  // The consumer learns of a failure through its own pipeline or listeners; this one is for a
  // copy nobody reads (a skipped part) or one destroyed before its consumer attached, whose
  // 'error' would otherwise be unhandled and end the process.
  copy.on('error', () => {});
  // finished() keeps its 'error' listener on the source after it has called back, so an
  // error emitted later (by a badly behaved stream) is still handled.
  finished(source, { writable: false }, (error) => {
    if (!error) return;
    onSourceError?.(error);
    copy.destroy(error);
  });
  copy.once('close', () => {
    source.unpipe(copy);
    if (!source.readableEnded && !source.destroyed) source.resume();
  });
  source.pipe(copy);
  return copy;
}
