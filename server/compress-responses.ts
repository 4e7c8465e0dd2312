import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * compression, with its 'drain' forwarding repaired.
 *
 * compression replaces `res.on` so that a 'drain' listener goes to its gzip stream, the one
 * that applies backpressure; it does not replace `res.removeListener`/`res.off`, so such a
 * listener can never be removed (expressjs/compression#135 and #152, fix unreleased). React
 * Router writes a streamed page with `res.once('drain', …)` and `res.off('drain', …)` after
 * every write the gzip stream pushes back on: each one stayed on the gzip stream, and a long
 * knowledge-base page passed ten of them (MaxListenersExceededWarning on 4,501 of 5,000
 * compressed requests), a leak per write rather than a limit too low.
 *
 * The repair: 'drain' listeners added to the response live in an emitter of our own, so they
 * come off again, and compression gets one listener that relays its 'drain' to them.
 */
export function compressResponses(): RequestHandler {
  const compress = compression();
  return (req, res, next) => {
    compress(req, res, (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      relayDrain(res);
      next();
    });
  };
}

function relayDrain(res: ServerResponse): void {
  // compression's res.on: sends 'drain' to the gzip stream when there is one, else to res.
  const compressedOn = res.on;
  const removeOwn = EventEmitter.prototype.removeListener;
  let drainListeners: EventEmitter | null = null;

  function on(this: ServerResponse, event: string | symbol, listener: (...args: unknown[]) => void) {
    if (event !== 'drain') return compressedOn.call(this, event, listener);
    if (!drainListeners) {
      const relay = new EventEmitter();
      drainListeners = relay;
      compressedOn.call(this, 'drain', () => relay.emit('drain'));
    }
    drainListeners.on('drain', listener);
    return this;
  }
  // once() is EventEmitter's: it calls this.on with a wrapper that removes itself through
  // this.removeListener, so both land on drainListeners.
  function removeListener(this: ServerResponse, event: string | symbol, listener: (...args: unknown[]) => void) {
    if (event !== 'drain') return removeOwn.call(this, event, listener);
    drainListeners?.removeListener('drain', listener);
    return this;
  }
  res.on = on as ServerResponse['on'];
  res.addListener = on as ServerResponse['addListener'];
  res.removeListener = removeListener as ServerResponse['removeListener'];
  res.off = removeListener as ServerResponse['off'];
}
