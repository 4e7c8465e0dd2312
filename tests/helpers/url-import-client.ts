import WebSocket from 'ws';

/**
 * Import from link as Uppy's Url plugin does it, from Node: POST url/meta and url/get with
 * the admin's cookie, then the companion socket at /api/uploads/api/:token with our Origin.
 */

export interface ImportMessage {
  action: string;
  payload: Record<string, unknown>;
}

export interface Outcome {
  /** success, error, or closed (the socket closed with neither). */
  kind: 'success' | 'error' | 'closed';
  payload: Record<string, unknown>;
  messages: ImportMessage[];
}

export interface ImportSocket {
  messages: ImportMessage[];
  send(action: 'pause' | 'resume' | 'cancel'): void;
  /** Resolves with the first message for which `test` holds. */
  waitFor(test: (message: ImportMessage) => boolean): Promise<ImportMessage>;
  /** Resolves once the socket closed: the outcome and every message. */
  outcome: Promise<Outcome>;
  close(): void;
}

export const importMetadata = { title: 'Partner brochure', description: 'From the partner site.', category: 'spec-sheets' };

export function post(origin: string, cookie: string | null, path: string, body: unknown): Promise<Response> {
  return fetch(`${origin}/api/uploads${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

export async function getToken(origin: string, cookie: string, url: string, metadata: Record<string, unknown> = importMetadata): Promise<string> {
  const response = await post(origin, cookie, '/url/get', { url, metadata });
  if (response.status !== 200) throw new Error(`url/get: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Opens the socket; rejects with the HTTP status when the handshake is refused. */
export function openSocket(origin: string, cookie: string | null, token: string, socketOrigin = origin): Promise<ImportSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/uploads/api/${token}`, {
      headers: { origin: socketOrigin, ...(cookie ? { cookie } : {}) },
    });
    const messages: ImportMessage[] = [];
    const watchers: Array<{ test: (message: ImportMessage) => boolean; resolve: (message: ImportMessage) => void }> = [];
    let last: ImportMessage | null = null;
    const outcome = new Promise<Outcome>((done) => {
      ws.on('close', () => {
        const kind = last?.action === 'success' || last?.action === 'error' ? last.action : 'closed';
        done({ kind, payload: last?.payload ?? {}, messages });
      });
    });
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ImportMessage;
      messages.push(message);
      last = message;
      for (const watcher of [...watchers]) {
        if (watcher.test(message)) {
          watchers.splice(watchers.indexOf(watcher), 1);
          watcher.resolve(message);
        }
      }
    });
    ws.on('unexpected-response', (_request, response) => {
      reject(Object.assign(new Error(`handshake refused: ${response.statusCode}`), { status: response.statusCode }));
      ws.terminate();
    });
    ws.on('error', (error) => reject(error));
    ws.on('open', () =>
      resolve({
        messages,
        send: (action) => ws.send(JSON.stringify({ action, payload: {} })),
        waitFor: (test) => {
          const found = messages.find(test);
          if (found) return Promise.resolve(found);
          return new Promise((resolveMessage) => watchers.push({ test, resolve: resolveMessage }));
        },
        outcome,
        close: () => ws.close(),
      }),
    );
  });
}

/** The status a refused handshake answered, or 101 when it upgraded (the socket is closed again). */
export async function handshakeStatus(origin: string, cookie: string | null, token: string, socketOrigin = origin): Promise<number> {
  try {
    const socket = await openSocket(origin, cookie, token, socketOrigin);
    socket.close();
    return 101;
  } catch (error) {
    return (error as { status?: number }).status ?? 0;
  }
}

/** url/get, then the socket, then its outcome. */
export async function importFromLink(origin: string, cookie: string, url: string, metadata?: Record<string, unknown>): Promise<Outcome> {
  const socket = await openSocket(origin, cookie, await getToken(origin, cookie, url, metadata));
  return socket.outcome;
}
