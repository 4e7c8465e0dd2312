// `npm run bench:url-import`: documents imported from a link (server/api/url-import.ts) by the
// production server on disk storage, from a file server on loopback (the one host on
// URL_IMPORT_ALLOW_HOSTS). Prints the throughput, the progress messages the socket sent, and
// the server process's memory: its resident set before, the most seen during the import, and
// its peak since start (VmHWM). The body streams to storage, so memory stays flat in the size.
//
//   BENCH_IMPORT_SIZES=256,1024   file sizes in MiB (default: 256 and 1024)
//   BENCH_IMPORT_PARALLEL=4       a last run with this many 256 MiB imports at once (the server runs 2, the rest wait)
//
// The file is generated as it is sent (never whole in memory), then downloaded through the site
// and compared by MD5 with what was sent.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MiB } from '../tests/helpers/uploads-client.ts';
import { type Outcome, importFromLink } from '../tests/helpers/url-import-client.ts';
import { samplePdf } from '../tests/helpers/sample-files.ts';
import { printTable, startBenchServer } from './bench/server.ts';
import { memory, serverPid } from './bench/process-memory.ts';

const sizes = (process.env.BENCH_IMPORT_SIZES ?? '256,1024').split(',').map((size) => Number(size) * MiB);
const parallel = Number(process.env.BENCH_IMPORT_PARALLEL ?? 4);
const admin = { username: 'bench-admin', password: 'bench admin password' };
const head = samplePdf();

/** A PDF's first bytes, then 1 MiB blocks that differ by their index: the same bytes every time for a size. */
function block(index: number): Buffer {
  const bytes = Buffer.alloc(MiB);
  for (let offset = 0; offset < MiB; offset += 8) {
    bytes.writeUInt32BE(index, offset);
    bytes.writeUInt32BE(offset, offset + 4);
  }
  return bytes;
}

function* fileBytes(size: number): Generator<Buffer> {
  yield head;
  let sent = head.length;
  for (let index = 0; sent < size; index++) {
    const piece = block(index).subarray(0, Math.min(MiB, size - sent));
    sent += piece.length;
    yield piece;
  }
}

async function startFileServer(): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const size = Number(/^\/(\d+)\.pdf$/.exec(req.url ?? '')?.[1] ?? 0);
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': size });
    const pieces = fileBytes(size);
    const pump = () => {
      for (let next = pieces.next(); !next.done; next = pieces.next()) if (!res.write(next.value)) return void res.once('drain', pump);
      res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const files = await startFileServer();
const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 3413), {
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  URL_IMPORT_ALLOW_HOSTS: `127.0.0.1:${files.port}`,
});
const rows: Array<Array<string | number>> = [];
let failed = false;
try {
  const login = await fetch(`${server.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const pid = serverPid(server.pid);

  const measure = async (label: string, size: number, count: number) => {
    const before = memory(pid);
    let rssMax = before.rss;
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, memory(pid).rss)), 100);
    const started = performance.now();
    const outcomes: Outcome[] = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        importFromLink(server.url, cookie, `http://127.0.0.1:${files.port}/${size}.pdf`, { title: `Import benchmark ${label} ${index + 1}`, category: 'articles' }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const sent = crypto.createHash('md5');
    for (const piece of fileBytes(size)) sent.update(piece);
    const expected = sent.digest('hex');
    let identical = true;
    for (const outcome of outcomes) {
      if (outcome.kind !== 'success') {
        identical = false;
        console.error(outcome);
        continue;
      }
      const received = crypto.createHash('md5');
      const download = await fetch(`${server.url}${String(outcome.payload.location)}`);
      for await (const chunk of download.body ?? []) received.update(chunk as Uint8Array);
      identical &&= received.digest('hex') === expected;
    }
    failed ||= !identical;
    const progress = outcomes.map((outcome) => outcome.messages.filter((message) => message.action === 'progress').length);
    rows.push([
      label,
      `${count} × ${size / MiB} MiB`,
      ((count * size) / 1e6 / seconds).toFixed(0),
      seconds.toFixed(1),
      `${Math.min(...progress)}–${Math.max(...progress)}`,
      before.rss.toFixed(0),
      rssMax.toFixed(0),
      memory(pid).peak.toFixed(0),
      identical ? 'yes' : 'NO',
    ]);
  };

  for (const size of sizes) await measure('one', size, 1);
  if (parallel > 1) await measure('at once', 256 * MiB, parallel);
} finally {
  await server.stop();
  await files.close();
}

console.log('\nImports from a link, loopback file server → production server → disk storage:\n');
printTable(['run', 'files', 'MB/s', 'seconds', 'progress messages', 'RSS before MiB', 'RSS max during MiB', 'peak RSS (VmHWM) MiB', 'identical'], rows);
if (failed) process.exitCode = 1;
