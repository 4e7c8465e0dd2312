import { singleLineText, z } from '@domain/zod.ts';
import { type IncomingMessage, STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import express, { type Router } from 'express';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Services } from '../services/index.ts';
import { ImportRefusal } from '../services/url-import/fetch-policy.ts';
import type { ImportJob } from '../services/url-import/import-job.ts';
import { invalidInput, invalidRequest } from './errors.ts';
import { requirePermission } from './require-admin.ts';
import { adminOf, jsonBody, metadataFields, metadataSchema } from './uploads.ts';

/**
 * Import a document from a link, the way Uppy Companion's Url provider does it, so Uppy's
 * own Url plugin works against it (docs/documents.md, "Import from link"):
 *
 * - POST /api/uploads/url/meta {url}                → {name, type, size}: size null when not declared
 * - POST /api/uploads/url/get  {url, metadata}      → {token}: single-use, 60 s to open the socket
 * - WebSocket /api/uploads/api/:token               → progress… then success or error; takes pause, resume, cancel
 *
 * Admin only and same-origin, the socket's handshake too (401, 403 before upgrading). Every
 * refusal of a link is a 400 (over the socket, an error) saying why; what may be fetched is
 * server/services/url-import/fetch-policy.ts.
 */
export function createUrlImportRouter(services: Services): Router {
  const router = express.Router();
  const admin = requirePermission(services, 'documents:edit');
  const json = express.json({ limit: '16kb' });
  const { urlImports } = services;

  router.post('/uploads/url/meta', admin, json, async (req, res) => {
    const parsed = metaSchema.safeParse(jsonBody(req));
    if (!parsed.success) throw invalidInput(parsed.error);
    try {
      res.json(await urlImports.meta(parsed.data.url));
    } catch (error) {
      throw refused(error);
    }
  });

  router.post('/uploads/url/get', admin, json, async (req, res) => {
    const parsed = getSchema.safeParse(jsonBody(req));
    if (!parsed.success) throw invalidInput(parsed.error);
    const fields = metadataFields(parsed.data.metadata);
    try {
      res.json({ token: await urlImports.prepare(adminOf(res).id, parsed.data.url, fields) });
    } catch (error) {
      throw refused(error);
    }
  });

  return router;
}

const URL_REQUIRED = 'Paste the link to the file.';
const urlSchema = singleLineText(
  z.string({ error: URL_REQUIRED }).trim().min(1, URL_REQUIRED).max(2048, 'The link is too long (at most 2048 characters).'),
  'url',
);
const metaSchema = z.object({ url: urlSchema });
const getSchema = z.object({ url: urlSchema, metadata: metadataSchema });

function refused(error: unknown): unknown {
  return error instanceof ImportRefusal ? invalidRequest(error.message, { url: [error.message] }) : error;
}

/** A socket left silent this long (no message either way: a paused import nobody resumes) is closed and its import cancelled (docs/documents.md, Import from link). */
export const SOCKET_IDLE_MS = 5 * 60_000;
const SOCKET_PATH = /^\/api\/uploads\/api\/([^/]+)$/;

export interface UrlImportSockets {
  /** Shutdown: cancels every import (nothing half-made stays) and closes every socket. */
  close(): Promise<void>;
}

/**
 * The companion socket, on the HTTP server's 'upgrade' event (ws in noServer mode). Any
 * other upgrade path, a foreign or missing Origin, no admin session, or an unknown, used or
 * expired token is answered with an HTTP error and the connection closed; nothing upgrades.
 */
export function attachUrlImportSockets(server: Server, services: Services, options: { idleMs?: number } = {}): UrlImportSockets {
  const { auth, urlImports, config, logger } = services;
  const idleMs = options.idleMs ?? SOCKET_IDLE_MS;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096, clientTracking: true });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    handshake(req, socket, head).catch((error: unknown) => {
      logger.error({ err: error }, 'import socket handshake failed');
      refuse(socket, 503, 'The import could not start. Try again.');
    });
  };

  async function handshake(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const token = SOCKET_PATH.exec(new URL(req.url ?? '/', 'http://localhost').pathname)?.[1];
    if (token === undefined) return refuse(socket, 404, 'Not found');
    if (!sameOrigin(req, config.siteUrl)) return refuse(socket, 403, 'Cross-origin request refused.');
    const admin = await auth.adminFromCookieHeader(req.headers.cookie);
    if (!admin) return refuse(socket, 401, 'Authentication required');
    const pending = await urlImports.take(token, admin.id);
    if (!pending) return refuse(socket, 404, 'This import has expired or was already started. Start it again.');
    if (socket.destroyed) return;
    wss.handleUpgrade(req, socket, head, (ws) => run(ws, pending));
  }

  function run(ws: WebSocket, pending: Parameters<typeof urlImports.start>[0]): void {
    let idle: NodeJS.Timeout | undefined;
    let job: ImportJob | null = null;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        job?.cancel();
        ws.close(1000, 'idle');
      }, idleMs);
    };
    const send = (action: string, payload: unknown) => {
      if (ws.readyState !== ws.OPEN) return;
      ws.send(JSON.stringify({ action, payload }));
      touch();
    };
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      clearTimeout(idle);
      // A socket that goes before the outcome (the tab closed, the network dropped) takes its import with it.
      job?.cancel();
    });
    ws.on('message', (data, isBinary) => {
      touch();
      const action = isBinary ? null : actionOf(data.toString());
      if (!job || action === null) return;
      if (action === 'pause') job.pause();
      else if (action === 'resume') job.resume();
      else if (action === 'cancel') void job.cancel().then(() => ws.close(1000, 'cancelled'));
    });
    touch();
    job = urlImports.start(pending, {
      progress: (payload) => send('progress', payload),
      success: (payload) => {
        send('success', payload);
        ws.close(1000, 'done');
      },
      error: ({ message }) => {
        // Companion's shape is payload.error.message; payload.message is there for a plain client.
        send('error', { message, error: { message } });
        ws.close(1000, 'error');
      },
    });
  }

  server.on('upgrade', onUpgrade);
  return {
    close: async () => {
      server.off('upgrade', onUpgrade);
      await urlImports.close();
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** The client's `{action, payload}`, as Uppy's companion client sends it; anything else is ignored. */
function actionOf(text: string): 'pause' | 'resume' | 'cancel' | null {
  try {
    const message = JSON.parse(text) as { action?: unknown } | null;
    const action = message?.action;
    return action === 'pause' || action === 'resume' || action === 'cancel' ? action : null;
  } catch {
    return null;
  }
}

/** The API's same-origin rule (same-origin.ts) for a handshake: an Origin is required, and must be ours. */
function sameOrigin(req: IncomingMessage, siteUrl: string): boolean {
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return false;
  if (origin === siteUrl) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function refuse(socket: Duplex, status: number, message: string): void {
  if (socket.destroyed) return;
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 1000).unref();
}
