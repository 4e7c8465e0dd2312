// `npm run bench:http`: autocannon at 50 connections, with a browser's `Accept-Encoding: br, gzip`,
// against every public page served from the page cache, against `/` rendered on every request
// (a second server with PAGE_CACHE_MAX_BYTES=0), and, for each page, against the hashed static
// asset of the build closest to it in compressed size, on a production build. Prints req/s, p99
// and transferred bytes side by side, with each page's ratio to its static asset (issue 15's
// goal: at least 0.8, p99 < 50 ms). Then the moment of a change: an admin publishes a new phone
// number (which every page shows) and the burst starts at once, a few times over (issue 24: a
// published change costs one render per page, not a stall). Then `/` while another client walks
// 10,000 distinct /knowledge-base?search= URLs at 20 at once (issue 27: a crawler's made-up
// searches must not stall the plain pages), with what the flood itself got.
// The moment of a change is measured beside the same load with no change, and autocannon's own
// CPU per request is printed with it (docs/benchmarks.md, "The load generator").
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pages } from '@content/pages';
import autocannon, { type Client, type Options, type Result } from 'autocannon';
import { printTable, startBenchServer } from './bench/server.ts';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const pageDuration = Number(process.env.BENCH_PAGE_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3401);
const browser = { 'accept-encoding': 'br, gzip' };
const floodUrls = Number(process.env.BENCH_FLOOD_URLS ?? 10_000);
const floodConcurrency = Number(process.env.BENCH_FLOOD_CONCURRENCY ?? 20);
const floodSeconds = Number(process.env.BENCH_FLOOD_SECONDS ?? 30);
/** `BENCH_ONLY=flood` or `BENCH_ONLY=publish` runs that row alone (its ratio columns then stay empty). */
const only = process.env.BENCH_ONLY ?? null;
const floodOnly = only !== null;
/** What the flood itself got, printed under the table. */
let floodLine = '';
/** What the load generator itself spent, printed under the table. */
const clientLines: string[] = [];

interface Figures {
  rps: number;
  p99: number;
  bytes: number;
  errors: number;
  /** This process's CPU time per request (autocannon runs in it), in µs. */
  clientCpuUs: number;
}

/**
 * autocannon keeps each response's body by appending its chunks to a string: for a brotli
 * body that is a UTF-8 decoding of binary bytes, ~600 µs of the client's CPU per 25 kB
 * response on these machines (45 µs for the same size of ASCII). On two cores that made the
 * client, not the server, set the rate and the p99 of every row (docs/benchmarks.md, "The
 * load generator"). Nothing here reads bodies, so a connection's client drops them.
 */
function dropBodies(client: Client): void {
  if (!client.pipelinedRequests?.addBody) throw new Error('autocannon changed: its client has no pipelinedRequests.addBody to turn off (scripts/bench/autocannon.d.ts)');
  client.pipelinedRequests.addBody = () => {};
}

/** What every run here asks of autocannon. */
const load = (url: string, seconds: number): Options => ({ url, duration: seconds, connections, headers: browser, setupClient: dropBodies });

/** Each connection as fast as it gets answers. */
async function run(url: string, seconds: number): Promise<Figures> {
  const cpu = process.cpuUsage();
  const result = await autocannon(load(url, seconds));
  const used = process.cpuUsage(cpu);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    errors: result.errors + result.non2xx,
    clientCpuUs: Math.round((used.user + used.system) / Math.max(1, result.requests.total)),
  };
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

/** The bytes on the wire for `url` as a browser asks for it: the compressed body (fetch would decode it). */
function transferredOnce(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: browser }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * The same, once more if the first attempt fails: after a load run, the client may reuse a
 * kept-alive connection the server has just closed (ECONNRESET), and that is no failure of ours.
 */
const transferred = (url: string) => transferredOnce(url).catch(() => transferredOnce(url));

/** A row of figures for `/` under some load, compared with `/`'s static asset (`file`, when that row ran). */
function homeRow(label: string, figures: Figures, file: Figures | null): Array<string | number> {
  return [
    label,
    figures.bytes,
    figures.rps.toFixed(0),
    figures.p99,
    figures.errors,
    "(the static asset of `/`'s row)",
    file?.rps.toFixed(0) ?? '',
    file?.p99 ?? '',
    file ? (figures.rps / file.rps).toFixed(2) : '',
  ];
}

const rows: Array<Array<string | number>> = [];
let homeStatic: Figures | null = null;
const admin = { username: 'bench-admin', password: 'bench admin password' };
const cached = await startBenchServer(port, { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
try {
  // Every hashed script and stylesheet of the build, with the bytes a browser receives for it.
  const assetsDir = path.resolve(import.meta.dirname, '..', process.env.BUILD_DIR ?? 'build', 'client', 'assets');
  const assets = fs.readdirSync(assetsDir).filter((name) => /\.(js|css)$/.test(name)).map((name) => `/assets/${name}`);
  const sizes = await Promise.all(assets.map(async (asset) => ({ asset, bytes: await transferred(`${cached.url}${asset}`) })));
  const closestTo = (bytes: number) => [...sizes].sort((a, b) => Math.abs(a.bytes - bytes) - Math.abs(b.bytes - bytes))[0]!;
  const staticFigures = new Map<string, Figures>();

  for (const page of floodOnly ? [] : Object.values(pages)) {
    // The first request renders and stores the page; the run measures what visitors get after it.
    await untilCached(`${cached.url}${page.path}`);
    const { asset, bytes } = closestTo(await transferred(`${cached.url}${page.path}`));
    if (!staticFigures.has(asset)) staticFigures.set(asset, await run(`${cached.url}${asset}`, pageDuration));
    const file = staticFigures.get(asset)!;
    if (page.path === '/') homeStatic = file;
    const figures = await run(`${cached.url}${page.path}`, pageDuration);
    rows.push([
      `cached ${page.path}`,
      figures.bytes,
      figures.rps.toFixed(0),
      figures.p99,
      figures.errors,
      `${asset} (${bytes} B)`,
      file.rps.toFixed(0),
      file.p99,
      (figures.rps / file.rps).toFixed(2),
    ]);
  }
  if (only === null || only === 'publish') rows.push(...(await burstsAfterPublishing(cached.url, homeStatic as Figures | null)));
  if (only === null || only === 'flood') rows.push(await homeDuringFlood(cached.url, homeStatic as Figures | null));
} finally {
  await cached.stop();
}

/**
 * Publishes the company facts with a new phone number (so every kept page is retired) and
 * measures `/` in the seconds right after, `rounds` times; each round first measures the same
 * load with no change. Each row shows the worst round.
 */
async function burstsAfterPublishing(url: string, file: Figures | null, rounds = 5): Promise<Array<Array<string | number>>> {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const headers = { cookie, 'content-type': 'application/json', origin: url };
  const publish = async (round: number) => {
    const state = (await (await fetch(`${url}/api/admin/content/company`, { headers })).json()) as {
      revision: number;
      published: { phone: { display: string; tel: string } };
    };
    const last = String(10 + round);
    const data = { ...state.published, phone: { display: `1-888-555-01${last}`, tel: `+18885550${'1' + last}` } };
    const response = await fetch(`${url}/api/admin/content/company/publish`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ revision: state.revision, data }),
    });
    if (!response.ok) throw new Error(`publish failed: ${response.status} ${await response.text()}`);
  };
  const worse = (a: Figures | null, b: Figures) => (!a || b.p99 > a.p99 ? b : a);
  // A server just started compiles its hot paths in its first seconds (run alone, this row would otherwise start on a cold one).
  await untilCached(`${url}/`);
  await run(`${url}/`, 2);
  let quiet: Figures | null = null;
  let changed: Figures | null = null;
  for (let round = 0; round < rounds; round++) {
    await untilCached(`${url}/`);
    const still = await run(`${url}/`, 2);
    await untilCached(`${url}/`);
    await publish(round);
    const after = await run(`${url}/`, 2);
    if (process.env.BENCH_VERBOSE) {
      console.error(`round ${round}: no change ${still.rps.toFixed(0)} req/s p99 ${still.p99} ms; after a publish ${after.rps.toFixed(0)} req/s p99 ${after.p99} ms`);
    }
    quiet = worse(quiet, still);
    changed = worse(changed, after);
  }
  clientLines.push(`Around a publish: autocannon's CPU per request ${quiet!.clientCpuUs} µs with no change, ${changed!.clientCpuUs} µs after a publish.`);
  return [homeRow(`/ 2 s with no change (worst of ${rounds})`, quiet!, file), homeRow(`/ in the 2 s after a publish (worst of ${rounds})`, changed!, file)];
}

interface FloodFigures {
  sent: number;
  answered: number[];
  refused: number[];
  failed: number;
  seconds: number;
}

/**
 * Walks `floodUrls` distinct /knowledge-base?search=<word-n> URLs, `floodConcurrency` at a time,
 * as a crawler that ignores Retry-After would, until done or `stop()` is called; records how
 * long each answer took by what it was: a page (answered), a 503 (refused), anything else.
 */
function startFlood(url: string): { done: Promise<FloodFigures>; stop: () => void } {
  const words = ['lng', 'cng', 'pipeline', 'boil-off', 'methane', 'propane', 'storage', 'trailer', 'netback', 'compressor'];
  const agent = new http.Agent({ keepAlive: true, maxSockets: floodConcurrency });
  const figures: FloodFigures = { sent: 0, answered: [], refused: [], failed: 0, seconds: 0 };
  let stopped = false;
  const started = performance.now();
  const one = (n: number) =>
    new Promise<void>((resolve) => {
      const path = `/knowledge-base?search=${words[n % words.length]}-${n}`;
      const sentAt = performance.now();
      http
        .get(`${url}${path}`, { agent, headers: browser }, (response) => {
          response.resume();
          response.on('end', () => {
            const ms = performance.now() - sentAt;
            if (response.statusCode === 200) figures.answered.push(ms);
            else if (response.statusCode === 503) figures.refused.push(ms);
            else figures.failed++;
            resolve();
          });
          response.on('error', () => {
            figures.failed++;
            resolve();
          });
        })
        .on('error', () => {
          figures.failed++;
          resolve();
        });
    });
  const worker = async () => {
    while (!stopped && figures.sent < floodUrls) await one(figures.sent++);
  };
  const done = Promise.all(Array.from({ length: floodConcurrency }, worker)).then(() => {
    figures.seconds = (performance.now() - started) / 1000;
    agent.destroy();
    return figures;
  });
  return { done, stop: () => (stopped = true) };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

/**
 * `/` (kept in the cache) measured for as long as the flood runs (at most `floodSeconds`): what
 * a visitor of the home page gets while a crawler walks made-up searches.
 */
async function homeDuringFlood(url: string, file: Figures | null): Promise<Array<string | number>> {
  await untilCached(`${url}/`);
  const flood = startFlood(url);
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(load(`${url}/`, floodSeconds), (error, outcome) =>
      error ? reject(error) : resolve(outcome),
    );
    void flood.done.then(() => instance.stop());
  });
  flood.stop();
  const got = await flood.done;
  floodLine =
    `Flood: ${got.sent} of ${floodUrls} distinct ?search= URLs sent in ${got.seconds.toFixed(1)} s (${floodConcurrency} at once): ` +
    `${got.answered.length} answered with the page (p50 ${percentile(got.answered, 50)} ms, p99 ${percentile(got.answered, 99)} ms), ` +
    `${got.refused.length} refused with 503 (p99 ${percentile(got.refused, 99)} ms), ${got.failed} failed otherwise.`;
  const figures: Figures = {
    rps: result.requests.average,
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    errors: result.errors + result.non2xx,
    clientCpuUs: 0,
  };
  return homeRow(`/ while another client requests ${floodUrls} distinct ?search= URLs`, figures, file);
}

if (!floodOnly) {
  const uncached = await startBenchServer(port + 1, { PAGE_CACHE_MAX_BYTES: '0' });
  try {
    const figures = await run(`${uncached.url}/`, duration);
    const file = homeStatic as Figures | null;
    rows.push(homeRow('rendered each time /', figures, file));
  } finally {
    await uncached.stop();
  }
}

printTable(['target', 'bytes sent', 'req/s', 'p99 ms', 'errors', 'static asset of similar size', 'its req/s', 'its p99 ms', 'ratio to static'], rows);
if (floodLine) console.log(`\n${floodLine}`);
for (const line of clientLines) console.log(line);
console.log(`\n${connections} connections, Accept-Encoding: br, gzip; each run ${pageDuration} s, rendered-each-time ${duration} s.`);
