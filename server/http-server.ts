import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

/**
 * The open connections of each server `listen` started, with how many of each one's requests
 * are still unanswered: closeGracefully closes the connections that carry none at once.
 * Node's closeIdleConnections() alone misses a connection that never sent a request (a
 * browser's preconnect, a proxy's spare): it held a shutdown for the whole timeout.
 */
const unansweredByServer = new WeakMap<Server, Map<Socket, number>>();

/** Listens and resolves once bound; rejects on EADDRINUSE (Express 5 would call back anyway). */
export function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => {
      if (error) reject(error);
      else resolve(server);
    });
    countUnanswered(server);
  });
}

function countUnanswered(server: Server): void {
  const unanswered = new Map<Socket, number>();
  unansweredByServer.set(server, unanswered);
  server.on('connection', (socket: Socket) => {
    unanswered.set(socket, 0);
    socket.once('close', () => unanswered.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    if (!unanswered.has(socket)) return;
    unanswered.set(socket, (unanswered.get(socket) ?? 0) + 1);
    response.once('close', () => {
      if (unanswered.has(socket)) unanswered.set(socket, (unanswered.get(socket) ?? 1) - 1);
    });
  });
  // An upgraded socket (the import-from-link socket) is no longer the HTTP server's.
  server.on('upgrade', (request: IncomingMessage) => unanswered.delete(request.socket));
}

/** Closes the connections without a request in progress, once what was written to them is sent. */
function closeUnused(server: Server): void {
  server.closeIdleConnections();
  for (const [socket, count] of unansweredByServer.get(server) ?? []) {
    if (count === 0 && socket.writableLength === 0) socket.destroy();
  }
}

/**
 * Stops accepting, lets in-flight requests finish, closes each connection as soon as it has
 * no request in progress, and forces the rest closed after the timeout.
 */
export function closeGracefully(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
    timer.unref();
    // A keep-alive connection becomes unused when its in-flight response ends; close it then
    // instead of waiting for the keep-alive timeout.
    const sweeper = setInterval(() => closeUnused(server), 50);
    sweeper.unref();
    server.close(() => {
      clearTimeout(timer);
      clearInterval(sweeper);
      resolve();
    });
    closeUnused(server);
  });
}
