import crypto from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { e2eImportFilePort } from '../../playwright.config';
import { loginAsAdmin } from './admin-helpers';
import { expect, test, visit } from './fixtures';

/**
 * Import from link (issue 14): an admin pastes a link in the Upload Document dialog, the
 * server fetches it from a file server this spec starts on 127.0.0.1 (the one host:port on
 * the e2e server's URL_IMPORT_ALLOW_HOSTS), the socket's progress drives the bar, and the
 * document downloads byte for byte. Nothing here leaves loopback.
 */

test.describe.configure({ mode: 'serial' });

const sample = fs.readFileSync(path.resolve('content', 'sample-documents', 'vpv-energy-company-brochure.pdf'));
/** A PDF's first bytes, then random ones, sent in 10 slow chunks: time to see the bar and pause. */
const slowFile = Buffer.concat([sample, crypto.randomBytes(400 * 1024)]);
const origin = `http://127.0.0.1:${e2eImportFilePort}`;
let server: http.Server;
const sockets = new Set<Socket>();
const timers = new Set<NodeJS.Timeout>();
/** Transfers of the slow file that the server broke off before its end: a cancelled import stops fetching. */
let brokenOff = 0;

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/partner-brochure.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': slowFile.length });
      res.on('close', () => {
        if (!res.writableFinished) brokenOff++;
      });
      const size = Math.ceil(slowFile.length / 10);
      const send = (index: number) => {
        if (res.destroyed) return;
        const chunk = slowFile.subarray(index * size, (index + 1) * size);
        if (index === 9) return void res.end(chunk);
        res.write(chunk);
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(index + 1);
        }, 400);
        timers.add(timer);
      };
      send(0);
      return;
    }
    if (req.url === '/page.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><p>Not a file</p>');
      return;
    }
    res.writeHead(404).end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(e2eImportFilePort, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  for (const timer of timers) clearTimeout(timer);
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const toast = (page: Page, title: string) => page.locator('li[data-variant]').filter({ hasText: title });
const card = (page: Page, title: string): Locator => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Opens the Upload Document dialog and its Import from link form (the upload form stays, hidden, behind it). */
async function openImport(page: Page): Promise<{ dialog: Locator; form: Locator }> {
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Import from link' }).click();
  const form = dialog.getByRole('form', { name: 'Import from link' });
  await expect(form.getByLabel('Link to the file')).toBeVisible();
  return { dialog, form };
}

test('an admin imports a document from a link: meta, progress, pause and resume, then it downloads byte for byte', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAsAdmin(page);
  await visit(page, '/knowledge-base?tab=spec-sheets');
  const { dialog, form } = await openImport(page);

  await form.getByLabel('Link to the file').fill(`${origin}/partner-brochure.pdf`);
  await form.getByRole('button', { name: 'Check link' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Found' })).toContainText('partner-brochure.pdf · application/pdf · 403 KB');
  // The title is guessed from the file name; the admin makes it their own.
  await expect(form.getByLabel('Title')).toHaveValue('partner-brochure');
  const title = `Partner brochure ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Category').selectOption('spec-sheets');
  await form.getByRole('button', { name: 'Import', exact: true }).click();

  const bar = form.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toBeVisible();
  await expect(bar).not.toHaveAttribute('aria-valuenow', '0');
  await form.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Paused' })).toBeVisible();
  await form.getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(form.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

  await expect(toast(page, 'Document uploaded')).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
  const imported = card(page, title);
  await expect(imported).toBeVisible();
  const href = await imported.getByRole('link', { name: `Download ${title}` }).getAttribute('href');
  const download = await page.request.get(href ?? '');
  expect(download.status()).toBe(200);
  expect(Buffer.compare(await download.body(), slowFile)).toBe(0);
});

test("a refused link shows the server's reason; an HTML page fails with its message; nothing is added", async ({ page }) => {
  await loginAsAdmin(page);
  await visit(page, '/knowledge-base?tab=spec-sheets');
  const before = await page.request.get('/api/documents').then((response) => response.json() as Promise<unknown[]>);
  const { form } = await openImport(page);

  // Loopback, but not the allowed port: refused before anything is fetched.
  await form.getByLabel('Link to the file').fill(`http://127.0.0.1:${e2eImportFilePort + 1}/x.pdf`);
  await form.getByRole('button', { name: 'Check link' }).click();
  await expect(form.getByText('The link points to a private, local or reserved network address.')).toBeVisible();
  await expect(form.getByLabel('Link to the file')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Link to the file').fill(`${origin}/page.html`);
  await form.getByLabel('Title').fill('Not a file');
  await form.getByLabel('Category').selectOption('spec-sheets');
  await form.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(toast(page, 'Upload failed')).toContainText('This file type is not allowed.');
  await expect(form.getByRole('button', { name: 'Import', exact: true })).toBeEnabled();

  const after = await page.request.get('/api/documents').then((response) => response.json() as Promise<unknown[]>);
  expect(after).toHaveLength(before.length);
});

test('Cancel mid-import stops it and closes the dialog; nothing is added', async ({ page }) => {
  await loginAsAdmin(page);
  await visit(page, '/knowledge-base?tab=spec-sheets');
  const before = await page.request.get('/api/documents').then((response) => response.json() as Promise<unknown[]>);
  const { dialog, form } = await openImport(page);
  await form.getByLabel('Link to the file').fill(`${origin}/partner-brochure.pdf`);
  await form.getByLabel('Title').fill('Cancelled import');
  // Leaving the link field looked the link up (its own transfer, broken off after the headers).
  await expect(form.getByRole('status').filter({ hasText: 'Found' })).toBeVisible();
  await form.getByLabel('Category').selectOption('spec-sheets');
  await form.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(form.getByRole('progressbar', { name: 'Import progress' })).not.toHaveAttribute('aria-valuenow', '0');
  const brokenBefore = brokenOff;
  await form.getByRole('button', { name: 'Cancel', exact: true }).click();
  // The server stops fetching: the file server sees the transfer broken off before its end.
  await expect.poll(() => brokenOff).toBe(brokenBefore + 1);
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Socket closed unexpectedly')).toHaveCount(0);
  // The server cleans up as the socket closes; the list never gains the document.
  await expect
    .poll(async () => (await page.request.get('/api/documents').then((response) => response.json() as Promise<unknown[]>)).length)
    .toBe(before.length);
  await expect(card(page, 'Cancelled import')).toHaveCount(0);
});

test("the socket drops mid-import: 'Socket closed unexpectedly', and nothing half-made is left", async ({ page }) => {
  await loginAsAdmin(page);
  await visit(page, '/knowledge-base?tab=spec-sheets');
  const before = await page.request.get('/api/documents').then((response) => response.json() as Promise<unknown[]>);
  // Between the page and the server: after the first bytes arrive, the connection goes, both ways (a network drop, a restart).
  await page.routeWebSocket('**/api/uploads/api/**', (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      ws.send(message);
      const { action, payload } = JSON.parse(String(message)) as { action: string; payload: { bytesUploaded?: number } };
      if (action === 'progress' && (payload.bytesUploaded ?? 0) > 0) {
        void server.close();
        void ws.close({ code: 1006 });
      }
    });
  });
  const { dialog, form } = await openImport(page);
  await form.getByLabel('Link to the file').fill(`${origin}/partner-brochure.pdf`);
  await form.getByLabel('Title').fill('Dropped import');
  await expect(form.getByRole('status').filter({ hasText: 'Found' })).toBeVisible();
  await form.getByLabel('Category').selectOption('spec-sheets');
  const brokenBefore = brokenOff;
  await form.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(toast(page, 'Upload failed')).toContainText('Socket closed unexpectedly');
  await expect.poll(() => brokenOff).toBe(brokenBefore + 1);
  // The form is back, ready to try again.
  await expect(dialog).toBeVisible();
  await expect(form.getByRole('button', { name: 'Import', exact: true })).toBeEnabled();
  await expect
    .poll(async () => (await page.request.get('/api/documents').then((response) => response.json() as Promise<unknown[]>)).length)
    .toBe(before.length);
});
