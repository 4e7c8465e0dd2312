/**
 * The browser's end of an import from link after `url/get` (docs/documents.md, "Import from
 * link"): the companion socket /api/uploads/api/{token}. The server sends
 * `{action: 'progress' | 'success' | 'error', payload}`; the browser sends `pause`, `resume`
 * and `cancel`. Exactly one of `onSuccess` and `onError` is called, unless the admin cancels;
 * a socket that closes without an outcome, or is silent for 5 minutes while not paused, is
 * an error. No React here, so a unit test drives it against a real socket server.
 */

export interface ImportEvents {
  /** `bytesTotal` is 0 while the other site has not said. */
  onProgress(bytesUploaded: number, bytesTotal: number): void;
  onSuccess(): void;
  /** The server's message, or `messages.socketClosed` / `messages.timedOut`. */
  onError(message: string): void;
}

export interface ImportOptions {
  messages: { socketClosed: string; timedOut: string };
  /** The companion socket gives up after 5 minutes without a message. */
  idleMs?: number;
  /** The browser's WebSocket; a test hands in `ws`'s, which behaves the same. */
  WebSocketClass?: new (url: string) => WebSocket;
}

export interface ImportClient {
  pause(): void;
  resume(): void;
  /** Stops the import (the server removes what it stored); nothing is reported after it. */
  cancel(): void;
}

export const SOCKET_IDLE_MS = 5 * 60_000;
const OPEN = 1;

/** The companion socket's address for `token`, on this page's host. */
export function importSocketUrl(token: string, location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/uploads/api/${encodeURIComponent(token)}`;
}

export function followImport(url: string, events: ImportEvents, { messages, idleMs = SOCKET_IDLE_MS, WebSocketClass = WebSocket }: ImportOptions): ImportClient {
  const socket = new WebSocketClass(url);
  let over = false;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const end = () => {
    over = true;
    clearTimeout(idleTimer);
  };
  const fail = (message: string) => {
    end();
    socket.close();
    events.onError(message);
  };
  /** Restarts the wait for the server's next message; while paused the server is silent on purpose. */
  const watchIdle = (paused: boolean) => {
    clearTimeout(idleTimer);
    if (!paused) idleTimer = setTimeout(() => fail(messages.timedOut), idleMs);
  };
  const send = (action: 'pause' | 'resume' | 'cancel') => {
    if (socket.readyState === OPEN) socket.send(JSON.stringify({ action, payload: {} }));
  };

  socket.onmessage = (event: MessageEvent<unknown>) => {
    if (over || typeof event.data !== 'string') return;
    let message: { action?: unknown; payload?: Record<string, unknown> };
    try {
      message = JSON.parse(event.data) as typeof message;
    } catch {
      return;
    }
    const payload = message.payload ?? {};
    if (message.action === 'progress') {
      events.onProgress(Number(payload.bytesUploaded) || 0, Number(payload.bytesTotal) || 0);
      watchIdle(false);
    } else if (message.action === 'success') {
      end();
      events.onSuccess();
    } else if (message.action === 'error') {
      end();
      const error = payload.error as { message?: unknown } | undefined;
      events.onError([payload.message, error?.message].find((text) => typeof text === 'string') ?? messages.socketClosed);
    }
  };
  socket.onclose = () => {
    if (!over) fail(messages.socketClosed);
  };
  watchIdle(false);

  return {
    pause() {
      send('pause');
      if (!over) watchIdle(true);
    },
    resume() {
      send('resume');
      if (!over) watchIdle(false);
    },
    cancel() {
      if (over) return;
      send('cancel');
      end();
      socket.close();
    },
  };
}
