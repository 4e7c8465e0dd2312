// `npm run bench:login`: how long a failed admin login takes for an unknown username and
// for a wrong password (they must cost the same: one scrypt either way), and a successful
// one, through the real HTTP server. Prints the median and spread of each.
import { printTable, startBenchServer } from './bench/server.ts';

const admin = { username: 'bench-admin', password: 'bench admin password' };
// Under the throttle's 10 failures per username and per address.
const attempts = 8;
const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 3402), {
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  TRUST_PROXY: 'loopback',
});

let address = 0;
async function timeLogin(username: string, password: string, expected: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    // A fresh client address each time keeps the per-IP throttle out of the measurement.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.0.${++address}` },
    body: JSON.stringify({ username, password }),
  });
  await response.arrayBuffer();
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}`);
  return performance.now() - started;
}

function summary(times: number[]): [string, string, string] {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return [median.toFixed(0), (sorted[0] ?? 0).toFixed(0), (sorted.at(-1) ?? 0).toFixed(0)];
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
} finally {
  await server.stop();
}
