#!/usr/bin/env node
// `npm start`: build the app and the server when their sources are newer than the last build,
// then serve it with NODE_ENV=production (without it React Router loads its slower development
// build). `--build-only` stops after the build; the end-to-end tests use it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, serverBuildIsStale, serverEntry } from './build/server.mjs';
import { nativeSqliteProblem } from './rebuild-better-sqlite3.mjs';

const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
const stamp = path.join(buildDir, '.build-stamp');
const inputs = ['app', 'content', 'domain', 'public', 'scripts/build', 'tsconfig.json', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildIsStale() {
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(buildDir, 'server', 'index.js'))) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

const appStale = buildIsStale();
if (appStale) {
  console.log('Building the site (sources changed since the last build)...');
  const result = spawnSync('npx', ['react-router', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stamp, new Date().toISOString());
}
// The server as JavaScript, <build>/server-app/index.js (scripts/build/server.mjs, decision 033):
// rebuilt when a file it was built from changed, and after the app's build, which empties <build>.
if (appStale || serverBuildIsStale(buildDir)) {
  console.log('Building the server...');
  try {
    await buildServer(buildDir);
  } catch (error) {
    console.error(`The server's build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

if (process.argv.includes('--build-only')) process.exit(0);

// On Node 24.19+ a better-sqlite3 compiled against that Node's own headers aborts the process
// at its first garbage-collected statement (issue 17: "RemoveEnvironmentCleanupHook …
// Assertion failed", right after "sample documents added"), however the server is started
// (tsx, `node --import tsx server/index.ts`, the built server). See rebuild-better-sqlite3.mjs.
const usesSqlite = !/^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '');
const problem = usesSqlite ? nativeSqliteProblem() : null;
if (problem) {
  console.error(problem);
  process.exit(1);
}

// The server runs as its own process, `node --enable-source-maps build/server-app/index.js`
// (plain JavaScript, no TypeScript compiled at start: decision 033; the source map makes stack
// traces name the .ts files), with this environment passed through. libuv reads
// UV_THREADPOOL_SIZE once, when its thread pool first starts, and in this process the pool ran
// before the server's first line could set it (Node 20's ESM loader starts it before this file
// even runs); a new process starts with it.
// Eight threads, unless the environment says otherwise: at most 2 scrypt
// (server/services/auth/hash-queue.ts) and 2 sharp images (server/services/documents/image-work.ts)
// leave 4 for file reads, zlib and DNS, so a login or thumbnail burst cannot stall pages.
const child = spawn(process.execPath, [...process.execArgv, '--enable-source-maps', serverEntry(buildDir)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '8' },
});
// A signal sent to this process alone (a process manager, `kill`) reaches the server, which
// shuts down gracefully; from a terminal both get it, and the server ignores the repeat.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    // Die of the same signal, so a supervisor sees how the server ended (SIGABRT: a crash).
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  }
  process.exit(code ?? 1);
});
