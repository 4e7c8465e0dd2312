import crypto from 'node:crypto';
import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { ServerBuild } from 'react-router';
import { createApiRouter } from './api/index.ts';
import { accessLog } from './access-log.ts';
import { createObjectImagesRouter } from './api/object-images.ts';
import { createLeaderPhotoMediaRouter } from './api/site-content.ts';
import { compressResponses } from './compress-responses.ts';
import { createRequestContext } from './context.ts';
import { createAppMetrics } from './metrics/app-metrics.ts';
import { acceptAbsoluteForm, pageMethodGuard, refuseMalformedPath } from './http-guards.ts';
import { cacheHeaders, keptPageCachingHeaders, markPageResponse } from './http-cache/cache-headers.ts';
import { PageCache } from './page-cache/page-cache.ts';
import { createPageCacheMiddleware } from './page-cache/serve-cached-pages.ts';
import { servePrecompressed } from './static-files.ts';
import type { Services } from './services/index.ts';

export interface AppOptions {
  services: Services;
  /** The React Router server build, or a getter for it (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory of the built client assets; absent in development, where Vite serves them. */
  clientDir?: string;
  /** Extra middleware placed before the React Router handler (Vite's dev middleware). */
  before?: RequestHandler[];
}

/** Builds the Express app from its services; testable without listening on a port. */
export function createApp({ services, build, clientDir, before = [] }: AppOptions): Express {
  const { config, database, logger } = services;
  const app = express();
  app.disable('x-powered-by');
  // req.ip honours X-Forwarded-For only from proxies TRUST_PROXY names.
  app.set('trust proxy', config.trustProxy);
  app.use(acceptAbsoluteForm);
  // Figures for GET /metrics (docs/operations.md, "Metrics"); served before the page cache, which would otherwise take /metrics for a page.
  const metrics = createAppMetrics(services, build);
  app.use(metrics.timeRequests);
  if (metrics.endpoint) app.get('/metrics', metrics.endpoint);
  if (config.accessLog) app.use(accessLog(logger));
  const isAdminRequest = (req: express.Request) => services.auth.tokenFromCookieHeader(req.headers.cookie) !== null;

  // Visitors' pages from memory once rendered (decision 020); never in development, where the
  // build changes under it, and never for an admin. A hit is answered here, before everything
  // below: it carries the headers its first rendering got from them.
  const pageCache =
    config.env !== 'development' && config.pageCache.maxBytes > 0
      ? createPageCacheMiddleware({
          cache: services.metrics.watchPageCache(new PageCache(config.pageCache)),
          contentVersion: services.contentVersion,
          isAdminRequest,
          logger,
          cachingHeaders: keptPageCachingHeaders(config.cdnCache),
        })
      : null;

  if (clientDir) {
    // Vite content-hashes everything under assets/, so it may be cached forever: no ETag or
    // Last-Modified to revalidate with. Browsers that take brotli or gzip get the copies made
    // at build time (server/static-files.ts). Served ahead of the page headers: a CSP, frame
    // and referrer rules mean nothing on a script, font or stylesheet, and cost bytes on each
    // (decision 020). nosniff and Cross-Origin-Resource-Policy apply to them, and they stay.
    const assetsDir = path.join(clientDir, 'assets');
    app.use(
      '/assets',
      servePrecompressed(assetsDir),
      express.static(assetsDir, {
        immutable: true,
        maxAge: '1y',
        index: false,
        etag: false,
        lastModified: false,
        setHeaders: (res) => {
          res.setHeader('X-Content-Type-Options', 'nosniff');
          res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        },
      }),
    );
  }

  if (pageCache) app.use(pageCache.serveHits);
  // What a CDN in front may keep (server/http-cache/, decision 028): decided as the headers go
  // out, after everything below has set its own. The page cache's copies, answered above, carry
  // the same rules' headers already (worked out once per copy, not on every hit).
  app.use(cacheHeaders({ settings: config.cdnCache, isAdminRequest }));

  app.use((_req, res, next) => {
    res.locals.nonce = crypto.randomBytes(16).toString('base64');
    next();
  });
  app.use(
    securityHeaders(config.env === 'development', config.siteUrl.startsWith('https:'), services.documents.uploadOrigin),
  );
  app.use(compressResponses());
  app.use(refuseMalformedPath);

  app.get('/healthz', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'no-store').send('ok');
  });
  app.get('/readyz', async (_req, res) => {
    const ready = await database.ping();
    res.status(ready ? 200 : 503).type('text/plain').set('Cache-Control', 'no-store').send(ready ? 'ready' : 'database unavailable');
  });

  if (clientDir) {
    app.use(servePrecompressed(clientDir), express.static(clientDir, { maxAge: '1h', index: false }));
  }
  for (const middleware of before) app.use(middleware);

  // Carousel images: outside /api so they can be cached (see server/api/object-images.ts).
  app.use('/objects', createObjectImagesRouter(services));
  // Leader photos, public and immutable like carousel images (docs/site-content.md).
  app.use('/media', createLeaderPhotoMediaRouter(services));
  app.use('/api', createApiRouter(services));

  // Pages seen by a logged-in admin show admin controls and data, and previews of drafts
  // (server/context.ts) too: cacheHeaders makes them `private, no-store`. Every page answer
  // depends on that cookie.
  app.use((_req, res, next) => {
    res.vary('Cookie');
    next();
  });

  // Pages take GET and HEAD (and POST only where a route has an action): the rest is a 405.
  app.use(pageMethodGuard(build, logger, config.siteUrl));

  // A page the cache did not have is kept as it goes out (decision 020).
  if (pageCache) app.use(pageCache.fillOnMiss);
  app.use(markPageResponse);
  app.use(metrics.countRenders);

  app.all(
    '/{*splat}',
    createRequestHandler({
      build: typeof build === 'function' ? build : async () => build,
      mode: config.env === 'development' ? 'development' : 'production',
      getLoadContext: (req, res) =>
        createRequestContext(services, {
          cookie: req.headers.cookie,
          nonce: String(res.locals.nonce),
          client: req.ip ?? 'unknown',
          url: req.originalUrl,
          onPreview: () => {
            res.locals.previewingDrafts = true;
          },
        }),
    }),
  );

  app.use(((error, req, res, _next) => {
    logger.error({ err: error, method: req.method, url: req.originalUrl }, 'unhandled error');
    if (res.headersSent) return;
    res.status(500).type('text/plain').send('Internal Server Error');
  }) satisfies express.ErrorRequestHandler);

  return app;
}

function securityHeaders(development: boolean, https: boolean, uploadOrigin: string | null): RequestHandler {
  return helmet({
    // Vite's dev server injects its own inline client scripts; the CSP applies to real builds.
    contentSecurityPolicy: development
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", (_req, res) => `'nonce-${String((res as express.Response).locals.nonce)}'`],
            // Inline style attributes come from React and Radix positioning; scripts stay strict.
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            fontSrc: ["'self'"],
            // With S3 storage the admin's browser PUTs carousel images straight to the bucket.
            connectSrc: ["'self'", ...(uploadOrigin ? [uploadOrigin] : [])],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            baseUri: ["'self'"],
            objectSrc: ["'none'"],
            ...(https ? { upgradeInsecureRequests: [] } : {}),
          },
        },
    strictTransportSecurity: https ? undefined : false,
    // Not helmet's no-referrer: under it browsers send `Origin: null` on same-site form posts,
    // which the same-origin guard must refuse, so the no-JavaScript lead forms would fail.
    // same-origin still sends nothing to other sites.
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
