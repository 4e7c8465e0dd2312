// `npx tsx scripts/bench-upload-browser.ts`: a large document from Chromium into the
// production server (disk storage, loopback), three ways, for decision 018:
//
//   dialog        the Upload Document dialog itself (Uppy core 6 and our uploader plugin, 6 parts at once)
//   in page, 6    the same companion calls made by a plain script in the page, 6 parts at once
//   in page, 1    the same, one part after another: what @uppy/aws-s3 6 does with one file
//
// Each way uploads the same generated file (BENCH_UPLOAD_MIB, default 256) as a new document,
// in 5 MiB parts; the time runs from the first call to the complete call's answer. The table
// shows MB/s (10^6 bytes a second) and the most part PUTs seen in flight at once.
// BENCH_LATENCY_MS (default 0) adds Chromium's emulated latency to every request: a distant
// server, where the round trips of parts sent one by one add up.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { printTable, startBenchServer } from './bench/server.ts';

const MiB = 1024 * 1024;
const size = Number(process.env.BENCH_UPLOAD_MIB ?? 256) * MiB;
const port = Number(process.env.BENCH_PORT ?? 3413);
const latency = Number(process.env.BENCH_LATENCY_MS ?? 0);
const admin = { username: 'bench-admin', password: 'bench admin password' };

const dir = path.resolve('tmp', `bench-upload-browser-${port}`);
fs.mkdirSync(dir, { recursive: true });
const file = path.join(dir, 'bench.pdf');
const sample = fs.readFileSync(path.resolve('content', 'sample-documents', 'ngl-netback-at-a-glance.pdf'));
fs.writeFileSync(file, Buffer.concat([sample, crypto.randomBytes(size - sample.length)]));

const server = await startBenchServer(port, { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const rows: Array<Array<string | number>> = [];
try {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const login = await page.request.post('/api/admin/login', { data: admin });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);

  let inFlight = 0;
  let maxInFlight = 0;
  const isPart = (url: string, method: string) => method === 'PUT' && new URL(url).pathname.startsWith('/api/uploads/parts/');
  page.on('request', (request) => {
    if (isPart(request.url(), request.method())) maxInFlight = Math.max(maxInFlight, ++inFlight);
  });
  const settle = (request: { url(): string; method(): string }) => {
    if (isPart(request.url(), request.method())) inFlight--;
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);

  if (latency > 0) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
  }
  await page.goto('/knowledge-base?tab=articles');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

  // 1. The dialog, as an admin uses it.
  maxInFlight = 0;
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await dialog.getByLabel('File').setInputFiles(file);
  await dialog.getByLabel('Title').fill(`Bench dialog ${Date.now()}`);
  await dialog.getByLabel('Category').selectOption('articles');
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.locator('li[data-variant]').filter({ hasText: 'Document uploaded' }).waitFor({ timeout: 600_000 });
  rows.push(['dialog (Uppy core 6, our plugin)', 6, (size / 1e6 / ((Date.now() - started) / 1000)).toFixed(0), maxInFlight]);

  // 2 and 3. A plain script in the page: the file from a file input, the companion calls by hand.
  // (tsx names the functions below with a helper the page lacks: a stand-in, as a string.)
  await page.evaluate('window.__name = (fn) => fn');
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'bench-file';
    document.body.append(input);
  });
  await page.locator('#bench-file').setInputFiles(file);
  for (const concurrency of [6, 1]) {
    maxInFlight = 0;
    const seconds = await page.evaluate(async (limit) => {
      const chosen = (document.getElementById('bench-file') as HTMLInputElement).files?.[0];
      if (!chosen) throw new Error('no file');
      const json = async (response: Response) => {
        if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
        return response.json();
      };
      const begin = performance.now();
      const { uploadId, key } = await json(
        await fetch('/api/uploads/s3/multipart', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ filename: chosen.name, type: chosen.type, metadata: { title: `Bench ${limit} at once ${Date.now()}`, description: '', category: 'articles' } }),
        }),
      );
      const query = `key=${encodeURIComponent(key)}`;
      const partBytes = 5 * 1024 * 1024;
      const count = Math.ceil(chosen.size / partBytes);
      const etags: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < count) {
          const index = next++;
          const { url } = await json(await fetch(`/api/uploads/s3/multipart/${uploadId}/${index + 1}?${query}`));
          etags[index] = await new Promise<string>((resolve, reject) => {
            const request = new XMLHttpRequest();
            request.open('PUT', url);
            request.onload = () => (request.status === 200 ? resolve(request.getResponseHeader('ETag') ?? '') : reject(new Error(String(request.status))));
            request.onerror = () => reject(new Error('network'));
            request.send(chosen.slice(index * partBytes, Math.min(chosen.size, (index + 1) * partBytes)));
          });
        }
      };
      await Promise.all(Array.from({ length: limit }, worker));
      await json(
        await fetch(`/api/uploads/s3/multipart/${uploadId}/complete?${query}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ parts: etags.map((ETag, index) => ({ PartNumber: index + 1, ETag })) }),
        }),
      );
      return (performance.now() - begin) / 1000;
    }, concurrency);
    rows.push([`in page, ${concurrency} at once`, concurrency, (size / 1e6 / seconds).toFixed(0), maxInFlight]);
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

console.log(`\n${size / MiB} MiB from Chromium in 5 MiB parts, production server, disk storage, loopback${latency ? ` with ${latency} ms emulated latency` : ''}:\n`);
printTable(['how', 'parts at once', 'MB/s end to end', 'most PUTs in flight'], rows);
