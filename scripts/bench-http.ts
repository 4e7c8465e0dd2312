// `npm run bench:http`: autocannon for 10 s at 50 connections against GET / (server-rendered)
// and against a static asset of about the same size, on a production build. Prints req/s
// and p99 latency for both and the ratio between them.
import autocannon from 'autocannon';
import { printTable, startBenchServer } from './bench/server.ts';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 3401));

async function run(path: string) {
  const result = await autocannon({ url: `${server.url}${path}`, duration, connections });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

try {
  const html = await (await fetch(`${server.url}/`)).text();
  const htmlBytes = Buffer.byteLength(html);
  // The same-origin assets the page links to, and the one closest in size to the page itself.
  const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
  const sizes = await Promise.all(
    [...new Set(assets)].map(async (asset) => ({ asset, bytes: (await (await fetch(`${server.url}${asset}`)).arrayBuffer()).byteLength })),
  );
  const asset = sizes.sort((a, b) => Math.abs(a.bytes - htmlBytes) - Math.abs(b.bytes - htmlBytes))[0];
  if (!asset) throw new Error('no static asset found on /');

  const page = await run('/');
  const file = await run(asset.asset);
  printTable(
    ['target', 'bytes', 'req/s', 'p99 ms', 'errors'],
    [
      ['GET / (SSR)', htmlBytes, page.rps.toFixed(0), page.p99, page.errors],
      [`GET ${asset.asset}`, asset.bytes, file.rps.toFixed(0), file.p99, file.errors],
    ],
  );
  console.log(`\nSSR / static throughput ratio: ${(page.rps / file.rps).toFixed(2)} (${duration} s, ${connections} connections)`);
} finally {
  await server.stop();
}
