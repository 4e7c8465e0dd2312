// @ts-check
/**
 * The server as JavaScript (decision 033): server/index.ts and everything of ours it imports
 * (server/, domain/, content/) bundled by esbuild into <build>/server-app/index.js, with a
 * source map; packages stay imports of node_modules. `npm start` (scripts/start.mjs) runs it
 * with plain `node`; `npm run dev`, the CLI scripts and the tests still run the TypeScript.
 *
 * `import.meta.url`, `.dirname` and `.filename` in our sources keep meaning the source file
 * they are written in (server/services/backup/manifest.ts reads ../../../package.json,
 * documents/seed.ts content/sample-documents/, the PDF text extraction starts its worker
 * pdf-text-worker.mjs beside it): each is rewritten to that file's path, relative to the
 * bundle's own place, so the build works wherever the checkout is, as long as the build
 * directory stays where it was built (BUILD_DIR, `build/` by default).
 *
 * `node scripts/build/server.mjs` builds into BUILD_DIR; scripts/start.mjs builds when
 * serverBuildIsStale() says a source the last build read has changed since.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const entry = 'server/index.ts';
/** Besides the sources the last build read: what changes how they are compiled or resolved. */
const alwaysInputs = ['tsconfig.json', 'package-lock.json', 'scripts/build/server.mjs'];
const IMPORT_META = /\bimport\.meta\.(url|dirname|filename)\b/g;
const LOADERS = /** @type {const} */ ({ '.ts': 'ts', '.tsx': 'tsx', '.mts': 'ts', '.js': 'js', '.mjs': 'js' });

/** <build>/server-app/index.js @param {string} buildDir */
export function serverEntry(buildDir) {
  return path.join(buildDir, 'server-app', 'index.js');
}

/** The sources (repository-relative) the build at `buildDir` read, listed beside it. @param {string} buildDir */
function inputsFile(buildDir) {
  return path.join(buildDir, 'server-app', 'inputs.json');
}

/** True when there is no server build in `buildDir` or a file it was built from is newer (or gone). @param {string} buildDir */
export function serverBuildIsStale(buildDir) {
  buildDir = path.resolve(root, buildDir);
  const output = serverEntry(buildDir);
  if (!fs.existsSync(output) || !fs.existsSync(inputsFile(buildDir))) return true;
  const built = fs.statSync(output).mtimeMs;
  /** @type {string[]} */
  const inputs = JSON.parse(fs.readFileSync(inputsFile(buildDir), 'utf8'));
  return [...inputs, ...alwaysInputs].some((input) => {
    const file = path.join(root, input);
    return !fs.existsSync(file) || fs.statSync(file).mtimeMs > built;
  });
}

/**
 * Rewrites import.meta.url/dirname/filename in our own files to the file's source location,
 * computed from the bundle's: `__vpvRoot` (the banner) is the repository root.
 * @returns {import('esbuild').Plugin}
 */
function sourceLocations() {
  return {
    name: 'vpv:source-locations',
    setup(build) {
      build.onLoad({ filter: /\.(?:[cm]?[jt]sx?)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await fs.promises.readFile(args.path, 'utf8');
        if (!source.includes('import.meta.')) return undefined;
        const loader = LOADERS[/** @type {keyof typeof LOADERS} */ (path.extname(args.path))];
        if (!loader) return undefined;
        const file = JSON.stringify(path.relative(root, args.path).split(path.sep).join('/'));
        const dir = JSON.stringify(path.relative(root, path.dirname(args.path)).split(path.sep).join('/'));
        const replacements = {
          url: `__vpvFileUrl(__vpvJoin(__vpvRoot, ${file})).href`,
          dirname: `__vpvJoin(__vpvRoot, ${dir})`,
          filename: `__vpvJoin(__vpvRoot, ${file})`,
        };
        const contents = source.replace(IMPORT_META, (_, key) => replacements[/** @type {keyof typeof replacements} */ (key)]);
        return { contents, loader };
      });
    },
  };
}

/** Builds the server into `buildDir` (absolute, or relative to the repository root). @param {string} buildDir */
export async function buildServer(buildDir) {
  // esbuild is a dev dependency, like the app's build tools: only needed when building.
  const esbuild = await import('esbuild');
  const outfile = serverEntry(path.resolve(root, buildDir));
  const toRoot = path.relative(path.dirname(outfile), root).split(path.sep).join('/') || '.';
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node.js package.json allows: one build runs on every allowed version.
    target: 'node20.19',
    // Packages are imported from node_modules at run time, as under tsx (native modules,
    // their own files and workers stay where they are).
    packages: 'external',
    // tsx compiles with keepNames too: functions and classes keep their names in logs and errors.
    keepNames: true,
    // Stack traces name the .ts files and lines: scripts/start.mjs runs node with --enable-source-maps.
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    // Written below, each file whole or not at all: two `npm start`s at once (the end-to-end
    // tests start two servers) may both build, and neither must start from a half-written file.
    write: false,
    logLevel: 'warning',
    banner: {
      js: [
        "import { join as __vpvJoin } from 'node:path';",
        "import { pathToFileURL as __vpvFileUrl } from 'node:url';",
        `const __vpvRoot = __vpvJoin(import.meta.dirname, ${JSON.stringify(toRoot)});`,
      ].join('\n'),
    },
    plugins: [sourceLocations()],
  });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/'));
  const files = [
    ...result.outputFiles.map((file) => ({ path: file.path, contents: file.contents })),
    { path: inputsFile(path.resolve(root, buildDir)), contents: `${JSON.stringify(inputs, null, 1)}\n` },
  ];
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  // The map and the input list first, index.js last: its time is the build's (serverBuildIsStale).
  files.sort((a, b) => Number(a.path === outfile) - Number(b.path === outfile));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await buildServer(process.env.BUILD_DIR ?? 'build');
}
