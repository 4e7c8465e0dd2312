import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDocument } from '../../domain/documents/types.ts';
import { type UrlImportSockets, attachUrlImportSockets } from '../../server/api/url-import.ts';
import { testDialects } from '../helpers/databases.ts';
import { type DocumentsTestServer, startDocumentsServer } from '../helpers/documents-server.ts';
import { type SecondTestServer, startSecondServer } from '../helpers/server.ts';
import {
  type Outcome,
  getToken,
  handshakeStatus,
  importFromLink,
  importMetadata,
  openSocket,
  post,
} from '../helpers/url-import-client.ts';
import { type FileServer, startFileServer } from '../helpers/url-import-files.ts';

/**
 * Import a document from a link (docs/documents.md, "Import from link"): url/meta, url/get
 * and the companion socket, against file servers on 127.0.0.1. `files` is on
 * URL_IMPORT_ALLOW_HOSTS; `refused` is another loopback server that is not, so a link to it
 * would import if a check let it through. No test traffic leaves loopback.
 */

const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
const INSIDE = 'The link points to a private, local or reserved network address. Only public web addresses can be imported.';

describe.each(testDialects)('import from link (%s)', (dialect) => {
  let files: FileServer;
  let refused: FileServer;
  let t: DocumentsTestServer;
  let sockets: UrlImportSockets;
  let second: SecondTestServer;
  let secondSockets: UrlImportSockets;

  beforeAll(async () => {
    files = await startFileServer();
    refused = await startFileServer();
    const env = {
      URL_IMPORT_ALLOW_HOSTS: `127.0.0.1:${files.port}`,
      URL_IMPORT_CONCURRENCY: '2',
      URL_IMPORT_IDLE_TIMEOUT_MS: '500',
      UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
    };
    t = await startDocumentsServer(dialect, 'disk', env);
    sockets = attachUrlImportSockets(t.server.server, t.server.services);
    second = await startSecondServer(t.server, env);
    secondSockets = attachUrlImportSockets(second.server, second.services);
  }, 60_000);

  afterAll(async () => {
    await secondSockets?.close();
    await second?.close();
    await sockets?.close();
    await t?.close();
    await files?.close();
    await refused?.close();
  });

  async function documents(): Promise<AdminDocument[]> {
    const response = await fetch(`${t.url}/api/documents`, { headers: { cookie: t.cookie } });
    return (await response.json()) as AdminDocument[];
  }

  async function download(location: string): Promise<Buffer> {
    const response = await fetch(`${t.url}${location}`);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  /** Runs `action` and checks it left no document and no stored object behind. */
  async function leavesNothing(action: () => Promise<void>): Promise<void> {
    const before = { documents: (await documents()).length, keys: await t.objectKeys() };
    await action();
    expect((await documents()).length).toBe(before.documents);
    expect(await t.objectKeys()).toEqual(before.keys);
  }

  function expectError(outcome: Outcome, message: string | RegExp): void {
    expect(outcome.kind).toBe('error');
    const text = String(outcome.payload.message);
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
    expect(outcome.payload.error).toEqual({ message: text });
  }

  it('meta names the file, its declared type and size', async () => {
    const response = await post(t.url, t.cookie, '/url/meta', { url: `${files.origin}/slow.pdf` });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: 'brochure 2026.pdf', type: 'application/pdf', size: files.slowFile.length });
    const unsized = await post(t.url, t.cookie, '/url/meta', { url: `${files.origin}/unsized/5000` });
    expect(await unsized.json()).toEqual({ name: '5000', type: 'application/pdf', size: null });
  });

  it('imports a file with progress, and it downloads byte for byte', async () => {
    const outcome = await importFromLink(t.url, t.cookie, `${files.origin}/slow.pdf`);
    expect(outcome.kind).toBe('success');
    const progress = outcome.messages.filter((message) => message.action === 'progress').map((message) => message.payload);
    expect(progress[0]).toEqual({ bytesUploaded: 0, bytesTotal: 0 });
    expect(progress.some((payload) => Number(payload.bytesUploaded) > 0 && Number(payload.bytesUploaded) < files.slowFile.length)).toBe(true);
    for (let index = 1; index < progress.length; index++) {
      expect(Number(progress[index]?.bytesUploaded)).toBeGreaterThanOrEqual(Number(progress[index - 1]?.bytesUploaded));
      expect(Number(progress[index]?.bytesUploaded)).toBeLessThanOrEqual(files.slowFile.length);
      if (index > 1) expect(progress[index]?.bytesTotal).toBe(files.slowFile.length);
    }
    const { documentId, location, url } = outcome.payload as { documentId: number; location: string; url: string };
    expect(location).toBe(`/api/documents/download/${documentId}`);
    expect(url).toBe(location);
    expect(Buffer.compare(await download(location), files.slowFile)).toBe(0);
    const document = (await documents()).find((item) => item.id === documentId);
    expect(document).toMatchObject({ ...importMetadata, originalName: 'brochure 2026.pdf', mimeType: 'application/pdf' });
  });

  it('pauses and resumes: nothing moves while paused, then the import completes', async () => {
    const socket = await openSocket(t.url, t.cookie, await getToken(t.url, t.cookie, `${files.origin}/slow.pdf`));
    await socket.waitFor((message) => message.action === 'progress' && Number(message.payload.bytesUploaded) > 0);
    socket.send('pause');
    // The one message that may have crossed the pause on the wire aside, a paused import is silent.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const seen = socket.messages.length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(socket.messages.length).toBe(seen);
    socket.send('resume');
    const outcome = await socket.outcome;
    expect(outcome.kind).toBe('success');
    expect(Buffer.compare(await download(String(outcome.payload.location)), files.slowFile)).toBe(0);
  });

  it('cancel stops the import and leaves nothing stored', async () => {
    await leavesNothing(async () => {
      const socket = await openSocket(t.url, t.cookie, await getToken(t.url, t.cookie, `${files.origin}/slow.pdf`));
      await socket.waitFor((message) => message.action === 'progress' && Number(message.payload.bytesUploaded) > 0);
      socket.send('cancel');
      const outcome = await socket.outcome;
      expect(outcome.kind).toBe('closed');
    });
  });

  it('a socket closed mid-import leaves nothing stored', async () => {
    await leavesNothing(async () => {
      const socket = await openSocket(t.url, t.cookie, await getToken(t.url, t.cookie, `${files.origin}/slow.pdf`));
      await socket.waitFor((message) => message.action === 'progress' && Number(message.payload.bytesUploaded) > 0);
      socket.close();
      await socket.outcome;
      // The server notices the close and cleans up; wait until no import is running.
      while (t.server.services.urlImports.activeCount > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    });
  });

  /** Refused as soon as the link is read: 400 on meta and on url/get. */
  const badLinks = () => [
    [`http://127.0.0.1:${refused.port}/file.pdf`, INSIDE],
    [`http://127.1:${refused.port}/file.pdf`, INSIDE],
    [`http://0x7f.0.0.1:${refused.port}/file.pdf`, INSIDE],
    [`http://2130706433:${refused.port}/file.pdf`, INSIDE],
    [`http://[::1]:${refused.port}/file.pdf`, INSIDE],
    [`http://[::ffff:127.0.0.1]:${refused.port}/file.pdf`, INSIDE],
    [`ftp://127.0.0.1:${files.port}/file.pdf`, 'Only http:// and https:// links can be imported, not ftp://.'],
    ['file:///etc/passwd', 'Only http:// and https:// links can be imported, not file://.'],
    [`http://user:pass@127.0.0.1:${files.port}/file.pdf`, 'Links with a user name or password in them cannot be imported. Use a public link to the file.'],
    ['not a link', 'This is not a valid link. Paste a full address starting with https:// or http://.'],
  ];
  /** Refused when the server connects (a name that resolves inside, a redirect): 400 on meta, an error over the socket. */
  const badConnections = () => [
    [`http://localhost:${refused.port}/file.pdf`, INSIDE],
    [`${files.origin}/elsewhere/${refused.port}`, INSIDE],
    [`${files.origin}/hop/4`, 'The link redirects more than 3 times.'],
  ];

  it('refuses inside addresses in every spelling, other schemes and credentials: 400 on meta and url/get', async () => {
    for (const [url, message] of badLinks()) {
      for (const path of ['/url/meta', '/url/get']) {
        const response = await post(t.url, t.cookie, path, { url, metadata: importMetadata });
        expect(response.status, `${path} ${url}`).toBe(400);
        expect(await response.json(), `${path} ${url}`).toMatchObject({ message, fieldErrors: { url: [message] } });
      }
    }
    for (const [url, message] of badConnections()) {
      const response = await post(t.url, t.cookie, '/url/meta', { url });
      expect(response.status, url).toBe(400);
      expect(await response.json(), url).toMatchObject({ message, fieldErrors: { url: [message] } });
    }
    expect(refused.requests).toEqual([]);
    // Three redirects are fine.
    const three = await post(t.url, t.cookie, '/url/meta', { url: `${files.origin}/hop/3` });
    expect(three.status).toBe(200);
  });

  it('refuses, over the socket, a name that resolves inside, a redirect from an allowed host to a refused one, and a fourth redirect', async () => {
    await leavesNothing(async () => {
      for (const [url, message] of badConnections()) expectError(await importFromLink(t.url, t.cookie, String(url)), String(message));
    });
    expect(refused.requests).toEqual([]);
  });

  it('refuses a server that lies about its length, stalls, sends a page or too much', async () => {
    await leavesNothing(async () => {
      expectError(await importFromLink(t.url, t.cookie, `${files.origin}/lie-longer`), /^The connection to 127\.0\.0\.1:\d+ was closed before the file arrived\.$/);
      expectError(await importFromLink(t.url, t.cookie, `${files.origin}/stall`), 'The other site stopped sending the file for 0.5 seconds.');
      expectError(await importFromLink(t.url, t.cookie, `${files.origin}/page.html`), /^This file type is not allowed\./);
      expectError(await importFromLink(t.url, t.cookie, `${files.origin}/unsized/${UPLOAD_MAX_BYTES + 100_000}`), 'The file is larger than the upload limit of 2 MiB.');
      expectError(await importFromLink(t.url, t.cookie, `${files.origin}/declared/${UPLOAD_MAX_BYTES + 1}`), 'The file is larger than the upload limit of 2 MiB.');
      expectError(await importFromLink(t.url, t.cookie, `${files.origin}/missing`), 'The other site answered 404 Not Found instead of the file.');
    });
    const declared = await post(t.url, t.cookie, '/url/meta', { url: `${files.origin}/declared/${UPLOAD_MAX_BYTES + 1}` });
    expect(declared.status).toBe(400);
    expect(await declared.json()).toMatchObject({ message: 'The file is larger than the upload limit of 2 MiB.' });
  });

  it('a server that declares fewer bytes than it sends: only the declared bytes are kept', async () => {
    const outcome = await importFromLink(t.url, t.cookie, `${files.origin}/lie-shorter`);
    expect(outcome.kind).toBe('success');
    expect(Buffer.compare(await download(String(outcome.payload.location)), files.pdf.subarray(0, 1000))).toBe(0);
  });

  it('runs at most 2 imports at once; the others wait with progress 0, then finish', async () => {
    const opened = await Promise.all(
      [1, 2, 3, 4].map(async (index) => openSocket(t.url, t.cookie, await getToken(t.url, t.cookie, `${files.origin}/hold/${index}`))),
    );
    while (files.held < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.server.services.urlImports.queue.stats).toMatchObject({ running: 2, waiting: 2 });
    const waiting = opened.filter((_socket, index) => !files.requests.includes(`/hold/${index + 1}`));
    expect(waiting).toHaveLength(2);
    for (const socket of waiting) expect(socket.messages).toEqual([{ action: 'progress', payload: { bytesUploaded: 0, bytesTotal: 0 } }]);
    while (files.held < 4 || t.server.services.urlImports.activeCount > 0) {
      files.release();
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (opened.every((socket) => socket.messages.some((message) => message.action === 'success'))) break;
    }
    const outcomes = await Promise.all(opened.map((socket) => socket.outcome));
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['success', 'success', 'success', 'success']);
    expect(t.server.services.urlImports.queue.stats.peakRunning).toBe(2);
  });

  it('a token made by one process opens its socket on another', async () => {
    const token = await getToken(t.url, t.cookie, `${files.origin}/file.pdf`);
    const outcome = await (await openSocket(second.url, t.cookie, token)).outcome;
    expect(outcome.kind).toBe('success');
    expect(Buffer.compare(await download(String(outcome.payload.location)), files.pdf)).toBe(0);
  });

  it('visitors get 401 on meta, get and the socket; a foreign Origin 403; unknown, used and expired tokens 404', async () => {
    for (const path of ['/url/meta', '/url/get']) {
      expect((await post(t.url, null, path, { url: `${files.origin}/file.pdf`, metadata: importMetadata })).status).toBe(401);
    }
    const token = await getToken(t.url, t.cookie, `${files.origin}/file.pdf`);
    expect(await handshakeStatus(t.url, null, token)).toBe(401);
    expect(await handshakeStatus(t.url, t.cookie, token, 'https://attacker.example')).toBe(403);
    const foreign = await fetch(`${t.url}/api/uploads/url/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: t.cookie, origin: 'https://attacker.example' },
      body: JSON.stringify({ url: `${files.origin}/file.pdf`, metadata: importMetadata }),
    });
    expect(foreign.status).toBe(403);
    expect(await handshakeStatus(t.url, t.cookie, 'A'.repeat(43))).toBe(404);
    expect(await handshakeStatus(t.url, t.cookie, 'not-a-token')).toBe(404);
    // Refused handshakes above did not spend it: it works once, then never again.
    const socket = await openSocket(t.url, t.cookie, token);
    expect((await socket.outcome).kind).toBe('success');
    expect(await handshakeStatus(t.url, t.cookie, token)).toBe(404);
    const expired = await getToken(t.url, t.cookie, `${files.origin}/file.pdf`);
    await t.server.database.handle.db.updateTable('url_imports').set({ created_at: Date.now() - 61_000 }).execute();
    expect(await handshakeStatus(t.url, t.cookie, expired)).toBe(404);
    // Other upgrade paths are refused without harm to the server.
    expect(await handshakeStatus(t.url, t.cookie, '../../other')).toBe(404);
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });

  it('url/get checks the document fields and the link before handing out a token', async () => {
    const noTitle = await post(t.url, t.cookie, '/url/get', { url: `${files.origin}/file.pdf`, metadata: { category: 'faq' } });
    expect(noTitle.status).toBe(400);
    expect(await noTitle.json()).toMatchObject({ message: 'Please enter a title for the document.' });
    const noUrl = await post(t.url, t.cookie, '/url/get', { metadata: importMetadata });
    expect(noUrl.status).toBe(400);
    expect(await noUrl.json()).toMatchObject({ fieldErrors: { url: ['Paste the link to the file.'] } });
  });

  it('shutdown cancels running imports and closes their sockets; nothing is left', async () => {
    const extra = await startSecondServer(t.server, {
      URL_IMPORT_ALLOW_HOSTS: `127.0.0.1:${files.port}`,
      UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
    });
    const extraSockets = attachUrlImportSockets(extra.server, extra.services);
    await leavesNothing(async () => {
      const socket = await openSocket(extra.url, t.cookie, await getToken(t.url, t.cookie, `${files.origin}/slow.pdf`));
      await socket.waitFor((message) => message.action === 'progress' && Number(message.payload.bytesUploaded) > 0);
      await extraSockets.close();
      expect((await socket.outcome).kind).toBe('closed');
    });
    await extra.close();
  });
});
