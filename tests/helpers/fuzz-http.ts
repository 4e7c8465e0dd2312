import net from 'node:net';

/**
 * A raw HTTP/1.1 client over node:net for the endpoint fuzz test. fetch refuses to send what
 * an attacker sends (bad %-escapes kept raw, control bytes in headers, a Content-Length the
 * body never reaches, chunked bodies without their last chunk), so every fuzz request is
 * written byte by byte here, with `Connection: close`, and the answer is read until the
 * server closes the socket.
 */

/** How the body is framed on the wire. */
export type Framing = 'content-length' | 'chunked' | 'none';

/**
 * How the request ends: `complete`, or cut after `cutAt` body bytes and then half-closed
 * (the server sees the end of the stream and can still answer) or reset (it cannot).
 */
export type Ending = 'complete' | 'half-close' | 'reset';

export interface FuzzRequest {
  method: string;
  /** The request-target exactly as written on the request line (not re-encoded). */
  target: string;
  /** Raw header lines; Host and Connection are added unless given. */
  headers: Array<[string, string]>;
  body?: Buffer;
  framing?: Framing;
  ending?: Ending;
  /** With a cut ending: how many body bytes are sent before it. */
  cutAt?: number;
  /** What kind of case this is (groups failures and statistics). */
  label?: string;
  /** What was generated, for failure messages. */
  detail?: string;
}

export interface FuzzResponse {
  /** The status of the answer, or null when the socket closed without one. */
  status: number | null;
  /** The head of the answer (status line and headers), as text. */
  head: string;
  /** The body as received (still chunked or compressed if the server sent it so). */
  body: Buffer;
  /** No answer (or no close) within the time limit. */
  timedOut: boolean;
  /** A socket error on our side, e.g. EPIPE when the server stopped reading. */
  error: string | null;
  ms: number;
}

/** Writes one request and reads until the server closes, fails, or `timeoutMs` passes. */
export function sendRaw(origin: URL, request: FuzzRequest, timeoutMs: number): Promise<FuzzResponse> {
  const started = performance.now();
  const ending = request.ending ?? 'complete';
  const wire = wireBytes(origin, request);

  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let error: string | null = null;
    let settled = false;
    const socket = net.connect({ host: origin.hostname, port: Number(origin.port) });
    const finish = (timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseResponse(Buffer.concat(chunks), timedOut, error, performance.now() - started));
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (cause: NodeJS.ErrnoException) => {
      error = cause.code ?? cause.message;
    });
    socket.on('close', () => finish(false));
    socket.on('connect', () => {
      socket.write(wire);
      if (ending === 'complete') return;
      if (ending === 'half-close') socket.end();
      // A client that vanishes mid-body: give the bytes a moment to leave, then reset.
      else setTimeout(() => socket.resetAndDestroy(), 20);
    });
  });
}

/** The bytes `sendRaw` writes for a request (a cut body already cut): also what a failure dump holds. */
export function wireBytes(origin: URL, request: FuzzRequest): Buffer {
  const framing = request.framing ?? (request.body ? 'content-length' : 'none');
  const ending = request.ending ?? 'complete';
  const body = request.body ?? Buffer.alloc(0);
  const sentBody = ending === 'complete' ? body : body.subarray(0, Math.max(0, Math.min(request.cutAt ?? 0, body.length)));

  const names = new Set(request.headers.map(([name]) => name.toLowerCase()));
  const lines = [`${request.method} ${request.target} HTTP/1.1`];
  if (!names.has('host')) lines.push(`Host: ${origin.host}`);
  if (!names.has('connection')) lines.push('Connection: close');
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  // The declared length is always the whole body, so a cut body is a truncated one.
  if (framing === 'content-length') lines.push(`Content-Length: ${body.length}`);
  if (framing === 'chunked') lines.push('Transfer-Encoding: chunked');
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
  return Buffer.concat([head, framing === 'chunked' ? chunked(sentBody, ending === 'complete') : sentBody]);
}

/** Chunked transfer coding in a few chunks; without the last chunk when the body ends early. */
function chunked(body: Buffer, terminated: boolean): Buffer {
  const parts: Buffer[] = [];
  const size = Math.max(1, Math.ceil(body.length / 3));
  for (let offset = 0; offset < body.length; offset += size) {
    const piece = body.subarray(offset, offset + size);
    parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  if (terminated) parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

function parseResponse(all: Buffer, timedOut: boolean, error: string | null, ms: number): FuzzResponse {
  let raw = all;
  // Skip interim answers (100 Continue to an Expect header): the final one is what counts.
  while (/^HTTP\/1\.[01] 1\d\d/.test(raw.subarray(0, 12).toString('latin1')) && raw.indexOf('\r\n\r\n') !== -1) {
    raw = raw.subarray(raw.indexOf('\r\n\r\n') + 4);
  }
  const end = raw.indexOf('\r\n\r\n');
  const head = (end === -1 ? raw : raw.subarray(0, end)).toString('latin1');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
  return {
    status: status?.[1] ? Number(status[1]) : null,
    head,
    body: end === -1 ? Buffer.alloc(0) : raw.subarray(end + 4),
    timedOut,
    error,
    ms: Math.round(ms),
  };
}

/** A header of the answer, case-insensitive. */
export function responseHeader(response: FuzzResponse, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const line of response.head.split('\r\n').slice(1)) {
    const index = line.indexOf(':');
    if (index > 0 && line.slice(0, index).trim().toLowerCase() === wanted) return line.slice(index + 1).trim();
  }
  return null;
}

/** The body as text, with chunked transfer coding undone (we never ask for compression when we read one). */
export function responseText(response: FuzzResponse): string {
  if (!/^chunked$/i.test(responseHeader(response, 'transfer-encoding') ?? '')) return response.body.toString('utf8');
  const pieces: Buffer[] = [];
  let offset = 0;
  while (offset < response.body.length) {
    const lineEnd = response.body.indexOf('\r\n', offset);
    if (lineEnd === -1) break;
    const size = parseInt(response.body.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    pieces.push(response.body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(pieces).toString('utf8');
}
