// `npm run bench:lighthouse`: Lighthouse (mobile preset, the default) on every public route
// of a production build, in the system Chromium. Prints the four category scores and the
// JavaScript each route downloads: the compressed bodies (the build's .gz copies, which the
// server sends: Chromium asks for no brotli over plain HTTP) and what Lighthouse counts as
// transferred, which adds every response's headers. No third party is contacted.
// BENCH_ROUTES (comma-separated) measures only those routes; BENCH_RUNS (1) runs each route
// that many times and prints the median run (by performance score) with the range seen.
// BENCH_LHR_DIR writes every run's full Lighthouse report (JSON) there, to see what a score is made of.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { pages } from '../content/pages.ts';
import { printTable, startBenchServer } from './bench/server.ts';

const extraRoutes = ['/knowledge-base?tab=faq', '/knowledge-base?tab=calculators'];
const routes = process.env.BENCH_ROUTES
  ? process.env.BENCH_ROUTES.split(',').map((route) => route.trim())
  : [...Object.values(pages).map((page) => page.path), ...extraRoutes];
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));

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

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One Lighthouse run of a route; a run Lighthouse itself could not complete (runtimeError, all scores 0) is retried, up to twice. */
async function measure(route: string): Promise<Lhr> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await lighthouse(`${server.url}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (result && !result.lhr.runtimeError) {
      if (process.env.BENCH_LHR_DIR) {
        fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
        const name = `${route.replace(/[^a-z0-9]+/gi, '_')}-${Date.now()}.json`;
        fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, name), JSON.stringify(result.lhr));
      }
      return result.lhr;
    }
    console.error(`${route}: Lighthouse run failed (${result?.lhr.runtimeError?.code ?? 'no result'}), retrying`);
  }
  throw new Error(`Lighthouse could not measure ${route}`);
}

const rows: Array<Array<string | number>> = [];
try {
  // One unrecorded run first: a fresh Chromium's first page pays for starting its own
  // processes and caches (a 400 ms long task in the trace, none of it the site's).
  await measure(routes[0]!);
  for (const route of routes) {
    const measured: Lhr[] = [];
    for (let run = 0; run < runs; run++) measured.push(await measure(route));
    const performanceOf = (lhr: Lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
    measured.sort((a, b) => performanceOf(a) - performanceOf(b));
    const { categories, audits } = measured[Math.floor((measured.length - 1) / 2)]!;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const ms = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
    const range = runs > 1 ? ` (${performanceOf(measured[0]!)}–${performanceOf(measured.at(-1)!)})` : '';
    const items = ((audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []);
    const scripts = items.filter((item) => item.resourceType === 'Script');
    const transferred = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    const bodies = scripts.reduce((sum, item) => sum + gzipBodyBytes(item.url ?? ''), 0);
    rows.push([
      route,
      `${score('performance')}${range}`,
      score('accessibility'),
      score('best-practices'),
      score('seo'),
      ms('first-contentful-paint'),
      ms('largest-contentful-paint'),
      ms('total-blocking-time'),
      (audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
      bodies,
      transferred,
    ]);
    console.error(`measured ${route}`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}

printTable(
  ['route', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'JS bodies (gzip)', 'JS transferred'],
  rows,
);
