import type { ServerBuild } from 'react-router';
import { createServer as createViteServer } from 'vite';
import { attachUrlImportSockets } from './api/url-import.ts';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { listen } from './http-server.ts';
import { createLogger } from './logger.ts';
import { createServices } from './services/index.ts';

/** `npm run dev`: Vite in middleware mode gives hot reload of the React app. */
process.env.NODE_ENV ??= 'development';
const config = loadConfig();
const logger = createLogger(config);
const services = await createServices(config, logger);
const vite = await createViteServer({ server: { middlewareMode: true } });
const app = createApp({
  services,
  build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
  before: [vite.middlewares],
});
attachUrlImportSockets(await listen(app, config.port, config.host), services);
logger.info(`dev server on http://localhost:${config.port}`);
