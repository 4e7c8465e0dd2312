#!/usr/bin/env node
// `npm start`: build the app when the sources are newer than the last build, then serve it
// with NODE_ENV=production (without it React Router loads its slower development build).
// `--build-only` stops after the build; the end-to-end tests use it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
const stamp = path.join(buildDir, '.build-stamp');
const inputs = ['app', 'content', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

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

if (!process.argv.includes('--build-only')) {
  process.env.NODE_ENV = 'production';
  process.chdir(root);
  const { register } = await import('tsx/esm/api');
  register();
  await import('../server/index.ts');
}
