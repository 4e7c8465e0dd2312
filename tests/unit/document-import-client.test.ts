import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket, type WebSocket as ServerSocket, WebSocketServer } from 'ws';
import { type ImportEvents, followImport, importSocketUrl } from '~/features/documents/document-import-client';

/**
 * Import from link's socket client against a real WebSocket server on loopback, playing the
 * companion's part: what the client reports for each message, and what it sends.
 */

const messages = { socketClosed: 'Socket closed unexpectedly', timedOut: 'Timed out' };

let server: WebSocketServer;
let url: string;
let connections: ServerSocket[];

beforeEach(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/uploads/api/token`;
  connections = [];
  server.on('connection', (socket) => connections.push(socket));
});

afterEach(async () => {
  for (const socket of server.clients) socket.terminate();
  await new Promise((resolve) => server.close(resolve));
});

/** Everything the client reported, in order. */
function recorder() {
  const seen: string[] = [];
  const events: ImportEvents = {
    onProgress: (loaded, total) => seen.push(`progress ${loaded}/${total}`),
    onSuccess: () => seen.push('success'),
    onError: (message) => seen.push(`error ${message}`),
  };
  return { seen, events };
}

function follow(events: ImportEvents, idleMs?: number) {
  return followImport(url, events, { messages, idleMs, WebSocketClass: NodeWebSocket as unknown as new (url: string) => WebSocket });
}

async function connected(): Promise<ServerSocket> {
  await expect.poll(() => connections.length).toBe(1);
  return connections[0]!;
}

/** The messages the server received from the client, parsed. */
function received(socket: ServerSocket): unknown[] {
  const list: unknown[] = [];
  socket.on('message', (data) => list.push(JSON.parse(String(data))));
  return list;
}

const say = (socket: ServerSocket, action: string, payload: object = {}) => socket.send(JSON.stringify({ action, payload }));

describe('followImport', () => {
  it('reports progress, then success once; what comes after is ignored', async () => {
    const { seen, events } = recorder();
    follow(events);
    const socket = await connected();
    say(socket, 'progress', { bytesUploaded: 0, bytesTotal: 0 });
    say(socket, 'progress', { bytesUploaded: 512, bytesTotal: 2048 });
    socket.send('not json');
    socket.send(Buffer.from([1, 2, 3]), { binary: true });
    say(socket, 'success', { response: { body: { documentId: 7 } } });
    say(socket, 'error', { message: 'too late' });
    socket.close();
    await expect.poll(() => seen).toEqual(['progress 0/0', 'progress 512/2048', 'success']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual(['progress 0/0', 'progress 512/2048', 'success']);
  });

  it("an error carries the server's message, in either of the companion's shapes", async () => {
    const first = recorder();
    follow(first.events);
    say(await connected(), 'error', { error: { message: 'The file is larger than the upload limit of 5 GiB.' } });
    await expect.poll(() => first.seen).toEqual(['error The file is larger than the upload limit of 5 GiB.']);

    connections.length = 0;
    const second = recorder();
    follow(second.events);
    say(await connected(), 'error', { message: 'This file type is not allowed.' });
    await expect.poll(() => second.seen).toEqual(['error This file type is not allowed.']);
  });

  it('a socket that closes without an outcome is an error, said once', async () => {
    const { seen, events } = recorder();
    follow(events);
    const socket = await connected();
    say(socket, 'progress', { bytesUploaded: 1, bytesTotal: 2 });
    socket.close();
    await expect.poll(() => seen).toEqual(['progress 1/2', 'error Socket closed unexpectedly']);
  });

  it('Pause, Resume and Cancel reach the server; after Cancel nothing is reported, not even the close', async () => {
    const { seen, events } = recorder();
    const client = follow(events);
    const socket = await connected();
    const sent = received(socket);
    await new Promise((resolve) => setTimeout(resolve, 20));
    client.pause();
    client.resume();
    client.cancel();
    await expect.poll(() => sent).toEqual([
      { action: 'pause', payload: {} },
      { action: 'resume', payload: {} },
      { action: 'cancel', payload: {} },
    ]);
    await expect.poll(() => socket.readyState).toBe(socket.CLOSED);
    client.cancel();
    expect(sent).toHaveLength(3);
    expect(seen).toEqual([]);
  });

  it('gives up after the idle time without a message, but not while paused', async () => {
    const { seen, events } = recorder();
    const client = follow(events, 150);
    const socket = await connected();
    client.pause();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([]);
    client.resume();
    await expect.poll(() => seen).toEqual(['error Timed out']);
    await expect.poll(() => socket.readyState).toBe(socket.CLOSED);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual(['error Timed out']);
  });

  it('the socket address follows the page: wss on https, the token escaped', () => {
    expect(importSocketUrl('a/b c', { protocol: 'https:', host: 'example.com' })).toBe('wss://example.com/api/uploads/api/a%2Fb%20c');
    expect(importSocketUrl('t', { protocol: 'http:', host: '127.0.0.1:3131' })).toBe('ws://127.0.0.1:3131/api/uploads/api/t');
  });
});
