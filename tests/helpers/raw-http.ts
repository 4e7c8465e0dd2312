import crypto from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';

/**
 * HTTP requests written byte by byte over a socket, for what fetch refuses to send: a body
 * shorter than its multipart form, a client that hangs up halfway, a malformed request line.
 */

export interface RawExchange {
  /** The status of the answer, or null when the server closed without one. */
  status: number | null;
  text: string;
}

/**
 * Sends `head` (request line and headers, with the blank line) and then `chunks`. With
 * `hangUp`, the socket is destroyed once the bytes are written (an aborted upload) and no
 * answer is awaited; otherwise the answer is read until the server closes the connection
 * (send `Connection: close`).
 */
export async function rawRequest(baseUrl: string, head: string, chunks: Buffer[] = [], { hangUp = false } = {}): Promise<RawExchange> {
  const socket = net.connect(Number(new URL(baseUrl).port), '127.0.0.1');
  socket.on('error', () => {});
  await once(socket, 'connect');
  const received: Buffer[] = [];
  // A client that hangs up reads nothing: the server's writes back up, as with a stalled reader.
  if (!hangUp) socket.on('data', (chunk: Buffer) => received.push(chunk));
  const closed = once(socket, 'close');
  const write = (bytes: Buffer | string) => new Promise<void>((resolve) => socket.write(bytes, () => resolve()));
  await write(head);
  for (const chunk of chunks) await write(chunk);
  if (hangUp) {
    // Give the server a moment to start storing what it received, then go away mid-body.
    await new Promise((resolve) => setTimeout(resolve, 150));
    socket.destroy();
    await closed;
    return { status: null, text: '' };
  }
  await closed;
  const text = Buffer.concat(received).toString('latin1');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
  return { status: status ? Number(status) : null, text };
}

/** A multipart/form-data body built by hand, so it can stop anywhere. */
export class MultipartBuilder {
  readonly boundary = `----hardening${crypto.randomBytes(8).toString('hex')}`;
  private readonly pieces: Buffer[] = [];

  field(name: string, value: string): this {
    this.pieces.push(Buffer.from(`--${this.boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    return this;
  }

  /** A file part; `complete: false` leaves it without the CRLF and boundary that end it. */
  file(name: string, filename: string, bytes: Buffer, { complete = true, type = 'application/octet-stream' } = {}): this {
    this.pieces.push(
      Buffer.from(`--${this.boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      bytes,
    );
    if (complete) this.pieces.push(Buffer.from('\r\n'));
    return this;
  }

  /** Raw bytes as they are: the start of a part that never ends, for example. */
  raw(text: string): this {
    this.pieces.push(Buffer.from(text));
    return this;
  }

  close(): this {
    this.pieces.push(Buffer.from(`--${this.boundary}--\r\n`));
    return this;
  }

  get contentType(): string {
    return `multipart/form-data; boundary=${this.boundary}`;
  }

  body(): Buffer {
    return Buffer.concat(this.pieces);
  }
}

/** The body as HTTP/1.1 chunks, with the final zero-length chunk. */
export function chunked(body: Buffer, size = 16 * 1024): Buffer[] {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < body.length; offset += size) {
    const piece = body.subarray(offset, offset + size);
    chunks.push(Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]));
  }
  chunks.push(Buffer.from('0\r\n\r\n'));
  return chunks;
}
