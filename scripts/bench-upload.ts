// `npm run bench:upload`: a large document through the multipart path (server/api/uploads.ts),
// the way Uppy's AWS S3 plugin sends it in companion mode (5 MiB parts, several at once), into
// the production server on disk storage and on S3 (s3rver on loopback). Prints the throughput
// and the server process's memory: its resident set before, the most seen while the file
// arrived and was completed, and its peak since start (VmHWM). The server must not hold the
// file: its memory stays flat whatever the file's size, which two sizes show side by side.
//
//   BENCH_UPLOAD_SIZES=256,1024   file sizes in MiB (default: 256 and 1024)
//   BENCH_UPLOAD_CONCURRENCY=6    parts in flight at once (the upload dialog's 6, docs/documents.md)
//   BENCH_UPLOAD_BACKENDS=disk,s3 which storage
//
// A part whose PUT fails on the network is sent again (up to 3 times, as Uppy does), and so is
// the download; the table counts those retries.
//
// The file is generated part by part as it is sent (never whole in memory, here or there),
// then downloaded through the site and compared by MD5 with what was sent.
import crypto from 'node:crypto';
import { startTestS3 } from '../tests/helpers/s3.ts';
import { MiB, UploadClient } from '../tests/helpers/uploads-client.ts';
import { printTable, startBenchServer } from './bench/server.ts';
import { memory, serverPid } from './bench/process-memory.ts';

const sizes = (process.env.BENCH_UPLOAD_SIZES ?? '256,1024').split(',').map((size) => Number(size) * MiB);
const concurrency = Number(process.env.BENCH_UPLOAD_CONCURRENCY ?? 6);
const backends = (process.env.BENCH_UPLOAD_BACKENDS ?? 'disk,s3').split(',') as Array<'disk' | 's3'>;
// What Uppy picks for any file under 48.8 GiB: max(5 MiB, size / 10,000).
const PART_BYTES = 5 * MiB;
const admin = { username: 'bench-admin', password: 'bench admin password' };

/** An MP4 header (the sniffer's business), then bytes that differ from part to part and from place to place. */
function partBytes(partNumber: number, size: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  for (let offset = 0; offset + 8 <= size; offset += 8) {
    bytes.writeUInt32BE(partNumber, offset);
    bytes.writeUInt32BE(offset, offset + 4);
  }
  bytes.fill(0x20, size - (size % 8));
  if (partNumber === 1) {
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom')]);
    ftyp.copy(bytes, 0);
  }
  return bytes;
}

function partSizes(total: number): number[] {
  const parts: number[] = [];
  for (let offset = 0; offset < total; offset += PART_BYTES) parts.push(Math.min(PART_BYTES, total - offset));
  return parts;
}

interface Run {
  backend: string;
  size: number;
  parts: number;
  uploadSeconds: number;
  completeSeconds: number;
  rssBefore: number;
  rssMaxDuring: number;
  peak: number;
  downloadSeconds: number;
  identical: boolean;
  retries: number;
}

async function run(backend: 'disk' | 's3', size: number, port: number): Promise<Run> {
  const s3 = backend === 's3' ? await startTestS3() : null;
  const server = await startBenchServer(port, { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, ...(s3?.env ?? {}) });
  try {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const client = new UploadClient(server.url, (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
    const pid = serverPid(server.pid);
    const before = memory(pid);
    let rssMaxDuring = before.rss;
    const sampler = setInterval(() => (rssMaxDuring = Math.max(rssMaxDuring, memory(pid).rss)), 100);

    const sizesOfParts = partSizes(size);
    const started = performance.now();
    const upload = await client.start('bench.mp4', { title: `Upload benchmark ${size / MiB} MiB`, category: 'social-content' });
    const etags: { PartNumber: number; ETag: string }[] = [];
    let next = 0;
    let retries = 0;
    const sendPart = async (partNumber: number): Promise<string> => {
      const bytes = partBytes(partNumber, sizesOfParts[partNumber - 1] ?? 0);
      for (let attempt = 1; ; attempt++) {
        try {
          return await client.putPart(upload, partNumber, bytes);
        } catch (error) {
          if (attempt > 3) throw error;
          retries++;
          console.error(`part ${partNumber}, attempt ${attempt}: ${String((error as Error).cause ?? error)}`);
        }
      }
    };
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < sizesOfParts.length) {
          const partNumber = ++next;
          etags.push({ PartNumber: partNumber, ETag: await sendPart(partNumber) });
        }
      }),
    );
    const uploaded = performance.now();
    const response = await client.complete(
      upload,
      etags.sort((a, b) => a.PartNumber - b.PartNumber),
    );
    if (response.status !== 200) throw new Error(`complete: ${response.status} ${await response.text()}`);
    const completed = performance.now();
    clearInterval(sampler);
    rssMaxDuring = Math.max(rssMaxDuring, memory(pid).rss);
    const { peak } = memory(pid);

    // What was sent, hashed part by part in order, against what the site serves.
    const sent = crypto.createHash('md5');
    for (const [index, partSize] of sizesOfParts.entries()) sent.update(partBytes(index + 1, partSize));
    const { location } = (await response.json()) as { location: string };
    // A kept-alive connection the server closed while the hash above was computed: ask again.
    let received = crypto.createHash('md5');
    let downloadStarted = performance.now();
    for (let attempt = 1; ; attempt++) {
      try {
        downloadStarted = performance.now();
        received = crypto.createHash('md5');
        const download = await fetch(`${server.url}${location}`);
        for await (const chunk of download.body ?? []) received.update(chunk as Uint8Array);
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        retries++;
        console.error(`download, attempt ${attempt}: ${String((error as Error).cause ?? error)}`);
      }
    }
    const downloaded = performance.now();

    return {
      backend: backend === 's3' ? 'S3 (s3rver)' : 'disk',
      size,
      parts: sizesOfParts.length,
      uploadSeconds: (uploaded - started) / 1000,
      completeSeconds: (completed - uploaded) / 1000,
      rssBefore: before.rss,
      rssMaxDuring,
      peak,
      downloadSeconds: (downloaded - downloadStarted) / 1000,
      identical: sent.digest('hex') === received.digest('hex'),
      retries,
    };
  } finally {
    await server.stop();
    await s3?.close();
  }
}

const runs: Run[] = [];
let port = Number(process.env.BENCH_PORT ?? 3403);
for (const backend of backends) {
  for (const size of sizes) runs.push(await run(backend, size, port++));
}

const megabytesPerSecond = (bytes: number, seconds: number) => (bytes / 1e6 / seconds).toFixed(0);
console.log(`\nMultipart uploads, ${PART_BYTES / MiB} MiB parts, ${concurrency} at once, through the production server on loopback:\n`);
printTable(
  ['storage', 'file', 'parts', 'upload MB/s', 'complete s', 'end to end MB/s', 'RSS before MiB', 'RSS max during MiB', 'peak RSS (VmHWM) MiB', 'download MB/s', 'identical', 'retries'],
  runs.map((result) => [
    result.backend,
    `${result.size / MiB} MiB`,
    result.parts,
    megabytesPerSecond(result.size, result.uploadSeconds),
    result.completeSeconds.toFixed(1),
    megabytesPerSecond(result.size, result.uploadSeconds + result.completeSeconds),
    result.rssBefore.toFixed(0),
    result.rssMaxDuring.toFixed(0),
    result.peak.toFixed(0),
    megabytesPerSecond(result.size, result.downloadSeconds),
    result.identical ? 'yes' : 'NO',
    result.retries,
  ]),
);
if (runs.some((result) => !result.identical)) process.exitCode = 1;
