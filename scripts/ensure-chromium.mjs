#!/usr/bin/env node
// The end-to-end tests drive the system Chromium (Playwright cannot download browsers here).
// If it is missing and we run as root with apt-get, install it; otherwise say what to install.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';
if (fs.existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  console.error(
    `Chromium was not found at ${chromium}. Install it (Debian/Ubuntu: "sudo apt-get install -y chromium"), ` +
      'or set CHROME_PATH to a Chromium or Chrome binary, then run the tests again.',
  );
  process.exit(1);
}

console.log('Installing Chromium with apt-get for the end-to-end tests...');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed; install Chromium by hand and run the tests again.`);
    process.exit(1);
  }
}
if (!fs.existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing; set CHROME_PATH.`);
  process.exit(1);
}
