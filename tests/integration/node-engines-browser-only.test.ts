import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision 012: the packages that ask for Node 22 or later (npm's EBADENGINE on Node 20)
 * come with Uppy, which runs in the admin's browser only. This checks the production server
 * build (what `npm start` runs): no module the server loads at start, statically, imports
 * them; only a chunk reached through import() (React.lazy, rendered in the browser only,
 * inside ClientOnly) does. The browser side is the Uppy e2e test in documents.spec.ts.
 */
const NODE_22_PACKAGES = ['nanoid', 'p-retry', '@transloadit/prettier-bytes'];
const BROWSER_ONLY = [...NODE_22_PACKAGES, '@uppy/core', '@uppy/dashboard', '@uppy/aws-s3'];

const serverDir = path.resolve(process.env.BUILD_DIR ?? 'build', 'server');
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*\s{},]*?\bfrom\s*)?["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

function importsOf(file: string, pattern: RegExp): string[] {
  return [...fs.readFileSync(file, 'utf8').matchAll(pattern)].map((match) => match[1] ?? '');
}

const isBrowserOnly = (specifier: string) =>
  BROWSER_ONLY.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** Every file of the server build that loading `entry` loads, following static imports only. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of importsOf(file, STATIC_IMPORT)) {
      if (specifier.startsWith('.')) pending.push(path.resolve(path.dirname(file), specifier));
    }
  }
  return seen;
}

describe('packages that want Node 22 stay out of the Node server (decision 012)', () => {
  it('are imported by no module the server loads at start', () => {
    const loaded = staticClosure(path.join(serverDir, 'index.js'));
    const offenders = [...loaded].flatMap((file) =>
      importsOf(file, STATIC_IMPORT)
        .filter(isBrowserOnly)
        .map((specifier) => `${path.relative(serverDir, file)} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('are reached only through import() of the lazily loaded upload widgets', () => {
    const assets = fs.readdirSync(path.join(serverDir, 'assets')).map((name) => path.join(serverDir, 'assets', name));
    const files = [path.join(serverDir, 'index.js'), ...assets];
    const importers = files.filter((file) => importsOf(file, STATIC_IMPORT).some(isBrowserOnly));
    // Not a vacuous pass: the build does contain the widgets, each as its own chunk: the
    // carousel uploader (Edit Document) and the large-file uploader (Upload Document, decision 018).
    expect(importers.map((file) => path.basename(file)).sort()).toEqual([
      expect.stringMatching(/^carousel-uploader-.*\.js$/),
      expect.stringMatching(/^document-upload-parts-.*\.js$/),
    ]);
    const startup = new Set([...staticClosure(path.join(serverDir, 'index.js'))].map((file) => path.basename(file)));
    for (const importer of importers) {
      const uploader = path.basename(importer);
      const loaders = files.filter((file) => importsOf(file, DYNAMIC_IMPORT).some((specifier) => specifier.endsWith(`/${uploader}`)));
      expect(loaders.length, uploader).toBeGreaterThan(0);
      expect(startup.has(uploader), uploader).toBe(false);
    }
  });
});
