import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Starts the production build on a private port and data dir for a benchmark, the same
 * way `npm start` does, and waits until it answers /readyz.
 */
export interface BenchServer {
  url: string;
  /** The process started (scripts/start.mjs); the server itself is its child. */
  pid: number;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..', '..');

export async function startBenchServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const dataDir = path.join(root, 'tmp', `bench-data-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function printTable(headers: string[], rows: Array<Array<string | number>>): void {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of cells.slice(1)) console.log(line(row));
}
