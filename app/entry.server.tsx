import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { InlineCssProvider } from '~/lib/inline-css';
import { createDeferredHydrationStream } from '~/lib/deferred-hydration.server';
import { NonceProvider } from '~/lib/nonce';
import stylesheet from './app.css?url';

/**
 * <build>/client, from wherever in <build>/server/ the bundler put this module: index.js, or a
 * chunk in assets/ when code shared with a lazily loaded module moves the entry's code there.
 */
function clientDirectory(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  while (path.basename(directory) !== 'server' && path.dirname(directory) !== directory) directory = path.dirname(directory);
  return path.join(path.dirname(directory), 'client');
}

// The built stylesheet, read once: the root layout inlines it (decision 009). In development
// Vite serves the stylesheet and the root layout links it instead.
const stylesheetText = import.meta.env.DEV ? '' : readFileSync(path.join(clientDirectory(), stylesheet), 'utf8');

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry, plus the per-request CSP nonce: it goes to React's
 * own inline scripts and, through NonceProvider, to <Scripts> and <ScrollRestoration>.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;

  return new Promise<Response>((resolve, reject) => {
    let documentReady = false;
    // An error while rendering the page's content does not fail the shell: its Suspense
    // boundary (root.tsx) would go out empty, to be rendered in the browser. It fails the
    // request instead, as it did before the boundary, so React Router renders the error page
    // on the server (and logs the error).
    let contentError: { error: unknown } | null = null;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={stylesheetText}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        // The page's content is in one Suspense boundary (root.tsx, so it hydrates in slices).
        // React 19.2+ sends a boundary that is still rendering when the shell goes out, or
        // one larger than progressiveChunkSize, as a hidden chunk that a script reveals: a
        // page invisible without JavaScript, and a paint that waits for the script. No page
        // streams deferred data, so the document goes out whole (onAllReady, as React Router
        // does for crawlers), with every boundary inline.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          if (contentError) {
            clearTimeout(timeoutId);
            reject(contentError.error);
            return;
          }
          documentReady = true;
          // React's output; in production the hydration scripts wait for the first paint (decision 010).
          const body = import.meta.env.DEV ? new PassThrough() : createDeferredHydrationStream(nonce);
          body.once('finish', () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (documentReady) console.error(error);
          else contentError ??= { error };
        },
      },
    );
  });
}
