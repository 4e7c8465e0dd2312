import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { samplePdf } from './sample-files.ts';

/**
 * A file server on 127.0.0.1 for the import-from-link tests: the well-behaved file, and
 * every way a remote site can misbehave. Only ever loopback.
 *
 * - /file.pdf            a PDF with its Content-Length
 * - /slow.pdf            `slowFile` in 8 chunks, 300 ms apart (progress to watch, time to pause)
 * - /hop/:n              redirects n times, then /file.pdf
 * - /elsewhere/:port     redirects to http://127.0.0.1:port/file.pdf
 * - /lie-longer          declares 1000 bytes more than it sends, then closes
 * - /lie-shorter         declares 1000 bytes, sends the whole PDF
 * - /stall               headers and the first bytes, then silence
 * - /hold/:name          waits for release(); `held` counts the requests waiting
 * - /page.html           HTML (not an allowed type)
 * - /unsized/:bytes      a PDF of that many bytes, chunked (no Content-Length)
 * - /declared/:bytes     declares that many bytes, sends none yet
 * - /missing             404
 */
export interface FileServer {
  port: number;
  origin: string;
  pdf: Buffer;
  slowFile: Buffer;
  /** Requests per path, in arrival order. */
  requests: string[];
  held: number;
  release(): void;
  close(): Promise<void>;
}

export function pdfOfSize(bytes: number): Buffer {
  const head = samplePdf();
  return Buffer.concat([head, crypto.randomBytes(Math.max(0, bytes - head.length))]);
}

export async function startFileServer(): Promise<FileServer> {
  const pdf = samplePdf();
  const slowFile = pdfOfSize(256 * 1024);
  const requests: string[] = [];
  const waiting: Array<() => void> = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    let match: RegExpExecArray | null;
    if (path === '/file.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length });
      res.end(pdf);
    } else if (path === '/slow.pdf') {
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-length': slowFile.length,
        'content-disposition': 'attachment; filename="brochure 2026.pdf"',
      });
      const size = Math.ceil(slowFile.length / 8);
      const send = (index: number) => {
        if (res.destroyed) return;
        const chunk = slowFile.subarray(index * size, (index + 1) * size);
        if (index === 7) res.end(chunk);
        else {
          res.write(chunk);
          later(300, () => send(index + 1));
        }
      };
      send(0);
    } else if ((match = /^\/hop\/(\d+)$/.exec(path))) {
      const left = Number(match[1]);
      res.writeHead(302, { location: left <= 1 ? '/file.pdf' : `/hop/${left - 1}` });
      res.end();
    } else if ((match = /^\/elsewhere\/(\d+)$/.exec(path))) {
      res.writeHead(302, { location: `http://127.0.0.1:${match[1]}/file.pdf` });
      res.end();
    } else if (path === '/lie-longer') {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length + 1000 });
      res.write(pdf);
      later(50, () => res.socket?.destroy());
    } else if (path === '/lie-shorter') {
      // Written by hand: Node's own response would refuse to send more than it declared.
      const socket = res.socket;
      res.detachSocket(socket!);
      socket?.end(
        Buffer.concat([
          Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n'),
          pdf,
        ]),
      );
    } else if (path === '/stall') {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length });
      res.write(pdf.subarray(0, 100));
    } else if (path.startsWith('/hold/')) {
      waiting.push(() => {
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length });
        res.end(pdf);
      });
    } else if (path === '/page.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body>Not a file</body></html>');
    } else if ((match = /^\/unsized\/(\d+)$/.exec(path))) {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      const body = pdfOfSize(Number(match[1]));
      for (let offset = 0; offset < body.length; offset += 64 * 1024) res.write(body.subarray(offset, offset + 64 * 1024));
      res.end();
    } else if ((match = /^\/declared\/(\d+)$/.exec(path))) {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': match[1] });
      res.write(pdf.subarray(0, 10));
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('missing');
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    pdf,
    slowFile,
    requests,
    get held() {
      return waiting.length;
    },
    release: () => {
      for (const respond of waiting.splice(0)) respond();
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
