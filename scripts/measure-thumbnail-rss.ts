/**
 * Peak RSS of the server while N clients ask at once for the first thumbnail of one large
 * carousel image (issue 11, item 10). Prints figures; asserts nothing.
 *
 *   npx tsx scripts/measure-thumbnail-rss.ts [jpeg|png] [clients]
 *
 * The image (8000 × 5000 = 40 megapixels, the most the carousel accepts) is made in a child
 * process first, so making it does not count towards this process's RSS. It is put in storage
 * directly (as an accepted image), then the clients GET /objects/images/<id>.<ext>?w=1200
 * through the real app on SQLite and disk storage.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { closeGracefully, listen } from '../server/http-server.ts';
import { createLogger } from '../server/logger.ts';
import { closeServices, createServices } from '../server/services/index.ts';
import { createStorage } from '../server/storage/create-storage.ts';

const format = process.argv[2] === 'png' ? 'png' : 'jpeg';
const clients = Number(process.argv[3] ?? 20);
const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vpv-rss-'));
const imageFile = path.join(dataDir, `large.${format}`);

// A smooth gradient with a little texture: 40 MP that still fits in the 5 MB upload limit.
execFileSync(process.execPath, [
  '--input-type=module',
  '-e',
  `import sharp from 'sharp';
   const width = 8000, height = 5000;
   const raw = Buffer.alloc(width * height * 3);
   for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
     const i = (y * width + x) * 3;
     raw[i] = (x * 255) / width; raw[i + 1] = (y * 255) / height; raw[i + 2] = ${format === 'png' ? 0 : '((x ^ y) & 15) * 4'};
   }
   await sharp(raw, { raw: { width, height, channels: 3 } })[${JSON.stringify(format)}](${format === 'png' ? '{ compressionLevel: 9 }' : '{ quality: 60 }'}).toFile(${JSON.stringify(imageFile)});`,
], { cwd: root, stdio: 'inherit' });

const bytes = fs.readFileSync(imageFile);
const ext = format === 'png' ? 'png' : 'jpg';
const config = loadConfig({ NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' });
const services = await createServices(config, createLogger(config));
const build = (await import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)) as ServerBuild;
const server = await listen(createApp({ services, build, clientDir: path.join(buildDir, 'client') }), 0, '127.0.0.1');
const address = server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const id = crypto.randomUUID();
// Put straight into the same storage as if accepted, so only thumbnail making is measured.
const storage = await createStorage(config);
await storage.put(`images/${id}.${ext}`, Readable.from([bytes]), { maxBytes: 5 * 1024 * 1024 });

const megabytes = (value: number) => `${(value / 1_048_576).toFixed(0)} MB`;
global.gc?.();
await new Promise((resolve) => setTimeout(resolve, 200));
const before = process.memoryUsage.rss();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 5);

const started = performance.now();
const url = `http://127.0.0.1:${address.port}/objects/images/${id}.${ext}?w=1200`;
const statuses = await Promise.all(
  Array.from({ length: clients }, async () => {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status;
  }),
);
const elapsed = performance.now() - started;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage.rss());

console.log(
  JSON.stringify({
    image: `${format}, 8000x5000, ${(bytes.length / 1_048_576).toFixed(1)} MB`,
    clients,
    statuses: [...new Set(statuses)],
    rssBefore: megabytes(before),
    rssPeak: megabytes(peak),
    rssGrowth: megabytes(peak - before),
    seconds: Number((elapsed / 1000).toFixed(2)),
  }),
);

await closeGracefully(server, 1000);
await closeServices(services);
fs.rmSync(dataDir, { recursive: true, force: true });
