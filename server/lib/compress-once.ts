import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Text compressed once, at maximum quality (brotli 11, gzip 9), for bytes sent many times: the
 * build's static files (scripts/build/precompress.ts) and the page cache's pages
 * (server/page-cache/). Slow (~0.1-0.3 s of a pool thread for 150 kB), so never per request.
 */
export async function compressOnce(bytes: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz };
}

/**
 * The same text compressed quickly (brotli 5, gzip 6: a few milliseconds of a pool thread for
 * 150 kB): what a page is kept as from the moment it is rendered until compressOnce's copy
 * replaces it, so a fresh page is served at once without costing bytes (decision 020).
 */
export async function compressQuickly(bytes: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(bytes, { level: 6 }),
  ]);
  return { br, gzip: gz };
}
