import http, { type IncomingHttpHeaders } from 'node:http';
import type net from 'node:net';

/** One request a fake CDN API got. */
export interface FakeCdnRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeCdnAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * A stand-in for a CDN's purge API on loopback (node:http on 127.0.0.1, an ephemeral port): it
 * records every request (method, path, headers, body) and answers from `answers` (used up one
 * per request), then with `usual`, the answer the real API gives to a purge it took. An answer
 * with status 0 is never sent: the request hangs until the fake closes.
 */
export async function startCdnFake(usual: FakeCdnAnswer) {
  const requests: FakeCdnRequest[] = [];
  const answers: FakeCdnAnswer[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.shift() ?? usual;
      if (answer.status === 0) return;
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type CdnFake = Awaited<ReturnType<typeof startCdnFake>>;

/** What each API answers to a purge it took, as its documentation shows. */
export const USUAL_ANSWERS = {
  varnish: { status: 200, body: 'Invalidated 3 objects', headers: { 'content-type': 'text/plain' } },
  fastly: { status: 200, body: JSON.stringify({ glossary: '17204-1613420462-2286227' }) },
  cloudflare: { status: 200, body: JSON.stringify({ success: true, errors: [], messages: [], result: { id: '023e105f4ecef8ad9ca31a8372d0c353' } }) },
  cloudfront: {
    status: 201,
    headers: { 'content-type': 'text/xml', location: 'https://cloudfront.amazonaws.com/2020-05-31/distribution/EDFDVBD6EXAMPLE/invalidation/I2J0I21PCUYOIK' },
    body:
      '<?xml version="1.0" encoding="UTF-8"?>\n<Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>I2J0I21PCUYOIK</Id>' +
      '<Status>InProgress</Status><CreateTime>2026-11-26T12:00:00.000Z</CreateTime><InvalidationBatch><Paths><Quantity>1</Quantity>' +
      '<Items><Path>/*</Path></Items></Paths><CallerReference>vpv-content-2</CallerReference></InvalidationBatch></Invalidation>',
  },
} satisfies Record<string, FakeCdnAnswer>;
