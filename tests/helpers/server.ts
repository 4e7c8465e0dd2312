import http, { type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { Dialect } from '../../server/db/connection.ts';
import { closeGracefully } from '../../server/http-server.ts';
import { createLogger } from '../../server/logger.ts';
import { type Services, closeServices, createServices } from '../../server/services/index.ts';
import { type TestDatabase, createTestDatabase } from './databases.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
let buildPromise: Promise<ServerBuild> | undefined;

/** The production React Router build (npm test builds it before running Vitest). */
export function loadBuild(): Promise<ServerBuild> {
  buildPromise ??= import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href) as Promise<ServerBuild>;
  return buildPromise;
}

export interface TestServer {
  url: string;
  services: Services;
  database: TestDatabase;
  server: Server;
  close(): Promise<void>;
}

/**
 * Boots the real app on a loopback port over a database URL; `SITE_URL` defaults to that port.
 * The port is taken first (an empty server listening on port 0) and the app attached after,
 * so the config is built once, with its final SITE_URL, and never changed.
 */
async function bootApp(databaseUrl: string, dataDir: string, env: Record<string, string>, handle?: TestDatabase['handle'], log?: string[]) {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(address.port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ...env,
    });
    const destination = log ? { write: (line: string) => void log.push(line) } : undefined;
    const services = await createServices(config, createLogger(config, destination), handle ? { database: handle } : {});
    server.on('request', createApp({ services, build: await loadBuild(), clientDir: path.join(buildDir, 'client') }));
    const stop = async () => {
      await closeGracefully(server, 1000);
      await closeServices(services);
    };
    return { url, services, server, stop };
  } catch (error) {
    server.close();
    throw error;
  }
}

/**
 * The real Express app on a random loopback port, on a fresh database of the dialect.
 * `env` adds environment variables (as strings, exactly as the process would see them);
 * `log`, when given, receives every log line the app writes (set LOG_LEVEL to see them).
 */
export async function startTestServer(dialect: Dialect, env: Record<string, string> = {}, log?: string[]): Promise<TestServer> {
  const database = await createTestDatabase(dialect);
  const { url, services, server, stop } = await bootApp(database.url, database.dataDir, env, database.handle, log);
  return {
    url,
    services,
    database,
    server,
    close: async () => {
      await stop();
      await database.destroy();
    },
  };
}

export type SecondTestServer = Omit<TestServer, 'database'>;

/**
 * Another app process on the same database as `first` (its own connection or pool), the
 * way a load balancer runs several: for state that must be shared through the database.
 * Closing it leaves the first server and the database alone.
 */
export async function startSecondServer(first: TestServer, env: Record<string, string> = {}): Promise<SecondTestServer> {
  const { url, services, server, stop } = await bootApp(first.database.url, first.database.dataDir, env);
  return { url, services, server, close: stop };
}

/**
 * The app on a database and DATA_DIR that already exist (a restored backup), on its own
 * connection. Closing it leaves both in place: the caller removes them.
 */
export async function startServerOn(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<SecondTestServer> {
  const { url, services, server, stop } = await bootApp(databaseUrl, dataDir, env);
  return { url, services, server, close: stop };
}

/** Logs in as `admin` through the API and answers the session cookie (`name=value`), failing the test on any other status than 200. */
export async function loginAdmin(url: string, admin: { username: string; password: string }): Promise<string> {
  const login = await fetch(`${url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  if (login.status !== 200) throw new Error(`admin login answered ${login.status}: ${await login.text()}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}
