// `npm run bench:lighthouse`: Lighthouse (mobile preset, the default) on every public route
// of a production build, in the system Chromium. Prints the four category scores and the
// JavaScript each route downloads: the compressed bodies (the build's .gz copies, which the
// server sends: Chromium asks for no brotli over plain HTTP) and what Lighthouse counts as
// transferred, which adds every response's headers. No third party is contacted.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { pages } from '../content/pages.ts';
import { printTable, startBenchServer } from './bench/server.ts';

const extraRoutes = ['/knowledge-base?tab=faq', '/knowledge-base?tab=calculators'];
const routes = [...Object.values(pages).map((page) => page.path), ...extraRoutes];

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  url?: string;
}

const clientDir = path.resolve(import.meta.dirname, '..', process.env.BUILD_DIR ?? 'build', 'client');

/** The compressed size of a built script as the server sends it: its .gz copy, or the file when it has none (under 1 kB). */
function gzipBodyBytes(url: string): number {
  const file = path.join(clientDir, new URL(url).pathname);
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return fs.existsSync(file) ? fs.statSync(file).size : 0;
}

const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 3400));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});

const rows: Array<Array<string | number>> = [];
try {
  for (const route of routes) {
    // A run Lighthouse itself could not complete (runtimeError, all scores 0) is retried, up to twice.
    let result;
    for (let attempt = 0; attempt < 3; attempt++) {
      result = await lighthouse(`${server.url}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result?.lhr.runtimeError) break;
      console.error(`${route}: Lighthouse run failed (${result.lhr.runtimeError.code}), retrying`);
    }
    if (!result) throw new Error(`no result for ${route}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const items = ((audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []);
    const scripts = items.filter((item) => item.resourceType === 'Script');
    const transferred = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    const bodies = scripts.reduce((sum, item) => sum + gzipBodyBytes(item.url ?? ''), 0);
    rows.push([route, score('performance'), score('accessibility'), score('best-practices'), score('seo'), bodies, transferred]);
    console.error(`measured ${route}`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}

printTable(['route', 'performance', 'accessibility', 'best practices', 'SEO', 'JS bodies (gzip)', 'JS transferred'], rows);
