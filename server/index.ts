import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { attachUrlImportSockets } from './api/url-import.ts';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { closeGracefully, listen } from './http-server.ts';
import { createLogger } from './logger.ts';
import { warnIfEndOfLifeNode } from './node-support.ts';
import { closeServices, createServices, stopBackgroundWork } from './services/index.ts';

/** Production entry: load config, migrate, listen, and shut down gracefully on SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  warnIfEndOfLifeNode(logger);
  const services = await createServices(config, logger);

  const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
  const build = (await import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)) as ServerBuild;
  const app = createApp({ services, build, clientDir: path.join(buildDir, 'client') });
  const server = await listen(app, config.port, config.host);
  // The import-from-link socket (server/api/url-import.ts) upgrades on the same port.
  const importSockets = attachUrlImportSockets(server, services);
  logger.info({ url: `http://${config.host}:${config.port}`, siteUrl: config.siteUrl, database: config.database.dialect }, 'listening');

  let stopping = false;
  /**
   * SIGTERM (docs/operations.md, "Shutdown"): background work stops at once (no outbox claims
   * another row, webhook attempts in flight are cancelled and put back), requests in flight
   * finish, and the process exits as soon as they have. SHUTDOWN_TIMEOUT_MS bounds it all:
   * past it the process exits anyway, and a claim it still held is taken over when its lease
   * runs out.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.warn({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took longer than SHUTDOWN_TIMEOUT_MS; exiting now');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    const background = stopBackgroundWork(services).catch((error: unknown) => logger.error({ err: error }, 'stopping background work failed'));
    // Upgraded sockets are not the HTTP server's to close: imports are cancelled and their sockets closed first.
    await importSockets.close();
    await closeGracefully(server, config.shutdownTimeoutMs);
    await background;
    await closeServices(services);
    logger.info('stopped');
    process.exit(0);
  };
  const stopOn = (signal: string) =>
    void stop(signal).catch((error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
  process.on('SIGTERM', () => stopOn('SIGTERM'));
  process.on('SIGINT', () => stopOn('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
