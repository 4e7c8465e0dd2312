// `npm run bench:login`, through the real HTTP server:
// 1. how long a failed admin login takes for an unknown username and for a wrong password
//    (they must cost the same: one scrypt either way), and a successful one;
// 2. how fast pages stay while a burst of wrong logins arrives at once: p50 and p99 of
//    `GET /` alone, then during the burst (scrypt runs on libuv's thread pool, which file
//    and zlib work share, so an unbounded burst used to stall every page).
import { printTable, startBenchServer } from './bench/server.ts';

const admin = { username: 'bench-admin', password: 'bench admin password' };
// Under the throttle's limits per username and per address.
const attempts = 8;
const burstSize = Number(process.env.BENCH_BURST ?? 300);
// Page requests kept in flight during the burst (each loop waits for its answer).
const pageLoops = 4;
const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 3402), {
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  TRUST_PROXY: 'loopback',
});

// Client addresses come from 198.18.0.0/15 (RFC 2544 benchmarking): only ever an
// X-Forwarded-For value on loopback, so each request counts as a different client.
let address = 0;
const nextAddress = () => {
  const n = ++address;
  return `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

async function login(username: string, password: string): Promise<Response> {
  const response = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ username, password }),
  });
  await response.arrayBuffer();
  return response;
}

async function timeLogin(username: string, password: string, expected: number): Promise<number> {
  const started = performance.now();
  const response = await login(username, password);
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}`);
  return performance.now() - started;
}

function summary(times: number[]): [string, string, string] {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return [median.toFixed(0), (sorted[0] ?? 0).toFixed(0), (sorted.at(-1) ?? 0).toFixed(0)];
}

function percentile(times: number[], p: number): string {
  const sorted = [...times].sort((a, b) => a - b);
  return (sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0).toFixed(0);
}

/** Latencies of `GET /` from `pageLoops` sequential loops until `until` settles. */
async function pageLatencies(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: pageLoops }, async () => {
      while (!done) {
        const started = performance.now();
        const response = await fetch(`${server.url}/`);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`GET / answered ${response.status}`);
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

try {
  const unknown: number[] = [];
  const wrong: number[] = [];
  const right: number[] = [];
  for (let i = 0; i < attempts; i++) {
    unknown.push(await timeLogin(`nobody-${i}`, admin.password, 401));
    wrong.push(await timeLogin(admin.username, `wrong password ${i}`, 401));
    right.push(await timeLogin(admin.username, admin.password, 200));
  }
  printTable(
    ['login', 'median ms', 'min ms', 'max ms'],
    [
      ['unknown username', ...summary(unknown)],
      ['wrong password', ...summary(wrong)],
      ['right password', ...summary(right)],
    ],
  );

  // Quiet baseline, then the burst: every login from its own address and for its own
  // username, so no throttle refuses it and each would cost a scrypt if nothing bounded them.
  const quiet = await pageLatencies(new Promise((resolve) => setTimeout(resolve, 3000)));
  const statuses = new Map<number, number>();
  const started = performance.now();
  const burst = Promise.all(
    Array.from({ length: burstSize }, async (_, i) => {
      const { status } = await login(`burst-${i}`, 'a wrong password');
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }),
  );
  const during = await pageLatencies(burst);
  await burst;
  const burstMs = performance.now() - started;
  console.log();
  printTable(
    ['GET /', 'requests', 'p50 ms', 'p99 ms', 'max ms'],
    [
      ['quiet (3 s)', quiet.length, percentile(quiet, 50), percentile(quiet, 99), percentile(quiet, 100)],
      [`during ${burstSize} wrong logins`, during.length, percentile(during, 50), percentile(during, 99), percentile(during, 100)],
    ],
  );
  const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${count}× ${status}`);
  console.log(`\nBurst of ${burstSize} concurrent wrong logins answered in ${(burstMs / 1000).toFixed(1)} s: ${answers.join(', ')}`);
} finally {
  await server.stop();
}
