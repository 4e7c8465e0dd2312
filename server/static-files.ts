import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Sends the build's precompressed copies (`<file>.br`, `<file>.gz`, written at build time by
 * scripts/build/precompress.ts) to a browser that takes them, so static files are never
 * compressed per request (issue 15). Put it before express.static on the same directory: it
 * sets Content-Type and Content-Encoding and points the request at the copy, which
 * express.static then serves with its usual caching headers, ETag and ranges; the compression
 * middleware leaves a response that already has a Content-Encoding alone.
 */
export function servePrecompressed(dir: string): RequestHandler {
  const copies = findCopies(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    const queryAt = req.url.indexOf('?');
    const rawPath = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
    let filePath: string;
    try {
      filePath = decodeURIComponent(rawPath);
    } catch {
      next();
      return;
    }
    const encodings = copies.get(filePath);
    if (!encodings) {
      next();
      return;
    }
    res.vary('Accept-Encoding');
    const chosen = req.acceptsEncodings([...encodings, 'identity']);
    if (chosen !== 'br' && chosen !== 'gzip') {
      next();
      return;
    }
    res.type(path.extname(filePath));
    res.setHeader('Content-Encoding', chosen);
    req.url = `${rawPath}${SUFFIX[chosen]}${queryAt === -1 ? '' : req.url.slice(queryAt)}`;
    next();
  };
}

/** URL path (`/app-x.css`) → the encodings it has a copy in, best first; read once at start. */
function findCopies(dir: string): Map<string, Encoding[]> {
  const copies = new Map<string, Encoding[]>();
  if (!fs.existsSync(dir)) return copies;
  const files = new Set(fs.readdirSync(dir, { recursive: true }).map((file) => String(file).split(path.sep).join('/')));
  for (const file of files) {
    const encodings = (['br', 'gzip'] as const).filter((encoding) => files.has(`${file}${SUFFIX[encoding]}`));
    if (encodings.length > 0) copies.set(`/${file}`, encodings);
  }
  return copies;
}
