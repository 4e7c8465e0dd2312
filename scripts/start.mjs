#!/usr/bin/env node
// `npm start`: build the app when the sources are newer than the last build, then serve it
// with NODE_ENV=production (without it React Router loads its slower development build).
// `--build-only` stops after the build; the end-to-end tests use it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
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

if (buildIsStale()) {
  console.log('Building the site (sources changed since the last build)...');
  const result = spawnSync('npx', ['react-router', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stamp, new Date().toISOString());
}

if (process.argv.includes('--build-only')) process.exit(0);

// On Node 24.19+ a better-sqlite3 compiled against that Node's own headers aborts the process
// at its first garbage-collected statement (issue 17: "RemoveEnvironmentCleanupHook …
// Assertion failed", right after "sample documents added"). That was never tsx's register():
// `node --import tsx server/index.ts` aborts the same way. See rebuild-better-sqlite3.mjs.
const usesSqlite = !/^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '');
const problem = usesSqlite ? nativeSqliteProblem() : null;
if (problem) {
  console.error(problem);
  process.exit(1);
}

// The server runs as its own process, `node --import tsx server/index.ts`, the way the dev
// server and the workaround run it, with this environment passed through. libuv
// reads UV_THREADPOOL_SIZE once, when its thread pool first starts, and in this process the
// pool ran before the server's first line could set it (started by tsx's register() on
// Node 24, by Node 20's ESM loader before this file even ran); a new process starts with it.
// Eight threads, unless the environment says otherwise: at most 2 scrypt
// (server/services/auth/hash-queue.ts) and 2 sharp images (server/services/documents/image-work.ts)
// leave 4 for file reads, zlib and DNS, so a login or thumbnail burst cannot stall pages.
const child = spawn(process.execPath, [...process.execArgv, '--import', 'tsx', 'server/index.ts'], {
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
