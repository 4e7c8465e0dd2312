import http, { type IncomingHttpHeaders } from 'node:http';
import type net from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got, with which secrets' signatures the reference library accepted. */
export interface Received {
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Parsed JSON of the body. */
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  /** For each secret the receiver knows, whether `new Webhook(secret).verify` accepted the request. */
  verifiedWith: boolean[];
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * A webhook receiver on loopback (node:http on 127.0.0.1) that checks every request with the
 * Standard Webhooks reference library, `standardwebhooks`, against the secrets it was told.
 * It answers 200 unless `answers` holds a queue of other answers (used up one per request).
 */
export async function startReceiver(port = 0) {
  const received: Received[] = [];
  const secrets: string[] = [];
  const answers: Answer[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = req.headers;
      const plain = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
      const verifiedWith = secrets.map((secret) => {
        try {
          new Webhook(secret).verify(body, plain);
          return true;
        } catch {
          return false;
        }
      });
      let payload: Received['payload'] = { type: '', timestamp: '', data: {} };
      try {
        payload = JSON.parse(body) as Received['payload'];
      } catch {
        // recorded as an empty payload; the test's expectations fail on it
      }
      received.push({ id: String(headers['webhook-id'] ?? ''), headers, body, payload, verifiedWith });
      const answer = answers.shift() ?? { status: 200, body: 'ok' };
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as net.AddressInfo).port;
  return {
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}/hooks/vpv`,
    received,
    secrets,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A request a holding receiver has not answered yet. */
export interface HeldRequest {
  id: string;
  /** Answers it now. */
  answer(status: number): void;
}

/**
 * A receiver on loopback that answers nothing until the test says so: every request is kept
 * in `held` (in arrival order) with its `webhook-id`; `answer(status)` ends it (once; later calls do nothing). A request
 * never answered is what a hung receiver does. `close()` drops whatever is still held.
 */
export async function startHoldingReceiver() {
  const held: HeldRequest[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      held.push({
        id: String(req.headers['webhook-id'] ?? ''),
        answer: (status) => {
          if (res.headersSent || res.destroyed) return;
          res.writeHead(status, { 'content-type': 'text/plain' });
          res.end('held');
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks/held`,
    held,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type HoldingReceiver = Awaited<ReturnType<typeof startHoldingReceiver>>;
