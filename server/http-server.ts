import type { Server } from 'node:http';
import type { Express } from 'express';

/** Listens and resolves once bound; rejects on EADDRINUSE (Express 5 would call back anyway). */
export function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => {
      if (error) reject(error);
      else resolve(server);
    });
  });
}

/** Stops accepting, lets in-flight requests finish, and forces the rest closed after the timeout. */
export function closeGracefully(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
    timer.unref();
    // A keep-alive connection becomes idle when its in-flight response ends; close it then
    // instead of waiting for the keep-alive timeout.
    const sweeper = setInterval(() => server.closeIdleConnections(), 50);
    sweeper.unref();
    server.close(() => {
      clearTimeout(timer);
      clearInterval(sweeper);
      resolve();
    });
    server.closeIdleConnections();
  });
}
