// `npm run bench:http`: autocannon at 50 connections, with a browser's `Accept-Encoding: br, gzip`,
// against every public page served from the page cache, against `/` rendered on every request
// (a second server with PAGE_CACHE_MAX_BYTES=0), and against the hashed static asset closest in
// compressed size to `/`, on a production build. Prints req/s, p99 and transferred bytes side by
// side, with each page's ratio to the static asset (issue 15's goal: at least 0.8, p99 < 50 ms).
import { pages } from '@content/pages';
import autocannon from 'autocannon';
import { printTable, startBenchServer } from './bench/server.ts';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const pageDuration = Number(process.env.BENCH_PAGE_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3401);
const browser = { 'accept-encoding': 'br, gzip' };

interface Figures {
  rps: number;
  p99: number;
  bytes: number;
  errors: number;
}

async function run(url: string, seconds: number): Promise<Figures> {
  const result = await autocannon({ url, duration: seconds, connections, headers: browser });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    errors: result.errors + result.non2xx,
  };
}

/**
 * A GET as a browser sends it, once more if the first fails: after a load run, fetch may reuse
 * a kept-alive connection the server has just closed (ECONNRESET), and that is no failure of ours.
 */
async function browserGet(url: string): Promise<ArrayBuffer> {
  try {
    return await (await fetch(url, { headers: browser })).arrayBuffer();
  } catch {
    return (await fetch(url, { headers: browser })).arrayBuffer();
  }
}
/** Requests `url` until the answer comes from the page cache (it is kept shortly after its first rendering). */
async function untilCached(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const response = await fetch(url, { headers: browser });
      await response.arrayBuffer();
      if (response.headers.get('x-page-cache') === 'hit') return;
    } catch {
      // a closed kept-alive connection: ask again
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never came from the page cache`);
}

const transferred = async (url: string) => (await browserGet(url)).byteLength;

const rows: Array<Array<string | number>> = [];
let staticRps = 0;
const cached = await startBenchServer(port);
try {
  // The assets `/` links to, and the one whose compressed size is closest to the page's.
  const home = new TextDecoder().decode(await browserGet(`${cached.url}/`));
  const homeBytes = await transferred(`${cached.url}/`);
  const assets = [...new Set([...home.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? ''))];
  const sizes = await Promise.all(assets.map(async (asset) => ({ asset, bytes: await transferred(`${cached.url}${asset}`) })));
  const asset = sizes.sort((a, b) => Math.abs(a.bytes - homeBytes) - Math.abs(b.bytes - homeBytes))[0];
  if (!asset) throw new Error('no static asset found on /');

  const file = await run(`${cached.url}${asset.asset}`, duration);
  staticRps = file.rps;
  rows.push([`static ${asset.asset}`, file.bytes, file.rps.toFixed(0), file.p99, file.errors, '1.00']);
  for (const page of Object.values(pages)) {
    // The first request renders and stores the page; the run measures what visitors get after it.
    await untilCached(`${cached.url}${page.path}`);
    const figures = await run(`${cached.url}${page.path}`, pageDuration);
    rows.push([`cached ${page.path}`, figures.bytes, figures.rps.toFixed(0), figures.p99, figures.errors, (figures.rps / staticRps).toFixed(2)]);
  }
} finally {
  await cached.stop();
}

const uncached = await startBenchServer(port + 1, { PAGE_CACHE_MAX_BYTES: '0' });
try {
  const figures = await run(`${uncached.url}/`, duration);
  rows.push(['rendered each time /', figures.bytes, figures.rps.toFixed(0), figures.p99, figures.errors, (figures.rps / staticRps).toFixed(2)]);
} finally {
  await uncached.stop();
}

printTable(['target', 'bytes sent', 'req/s', 'p99 ms', 'errors', 'ratio to static'], rows);
console.log(`\n${connections} connections, Accept-Encoding: br, gzip; static and uncached ${duration} s, each cached page ${pageDuration} s.`);
