import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { InlineCssProvider } from '~/lib/inline-css';
import { createDeferredHydrationStream } from '~/lib/deferred-hydration.server';
import { NonceProvider } from '~/lib/nonce';
import stylesheet from './app.css?url';

// The built stylesheet, read once: the root layout inlines it (decision 009). The server
// bundle lives in <build>/server/, the client assets in <build>/client/. In development Vite
// serves the stylesheet and the root layout links it instead.
const stylesheetText = import.meta.env.DEV
  ? ''
  : readFileSync(new URL(`../client${stylesheet}`, import.meta.url), 'utf8');

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
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole document at once; browsers get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={stylesheetText}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
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
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
