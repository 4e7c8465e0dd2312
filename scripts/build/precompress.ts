import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { compressOnce } from '../../server/lib/compress-once.ts';

/** Text the browser downloads; images, fonts (woff2 is brotli already) and PDFs gain nothing. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|html|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the client build, at
 * maximum quality (brotli 11, gzip 9), where that is smaller than the file: the server sends
 * them as they are (server/static-files.ts), so no asset is compressed per request (issue 15,
 * decision 020). Node's zlib does it (server/lib/compress-once.ts); no plugin needed for this.
 */
export function precompress(): Plugin {
  return {
    name: 'vpv:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options) {
      if (!options.dir) return;
      const files = (await fs.readdir(options.dir, { recursive: true }))
        .map((file) => path.join(options.dir ?? '', file))
        .filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(compressFile));
    },
  };
}

async function compressFile(file: string): Promise<void> {
  const bytes = await fs.readFile(file);
  if (bytes.length < MIN_BYTES) return;
  const { br, gzip: gz } = await compressOnce(bytes);
  if (br.length < bytes.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await fs.writeFile(`${file}.gz`, gz);
}
