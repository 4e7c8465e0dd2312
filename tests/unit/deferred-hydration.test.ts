import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createDeferredHydrationStream, deferredModuleType, hydrationLoader } from '~/lib/deferred-hydration.server';
import { runHydrationLoader } from '../helpers/hydration-loader.ts';

const nonce = 'bm9uY2U=';

// The shape React Router and React 19 give a page: preloads hoisted into the head, the module
// script that starts hydration at the end of the body, streamed data after it.
const document = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Gas – “LNG” ≥ 98 %</title>',
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${nonce}"/>`,
  `<link rel="modulepreload" href="/assets/framework-B.js" nonce="${nonce}"/>`,
  '</head><body><main><p>Houston, 5 °C</p></main>',
  `<script nonce="${nonce}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${nonce}" type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>`,
  `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue("[\\"type=\\\\\\"module\\\\\\" async=\\\\\\"\\\\\\"\\"]");</script>`,
  '</body></html>',
].join('');

async function rewrite(chunks: Array<string | Buffer>): Promise<string> {
  return text(Readable.from(chunks).pipe(createDeferredHydrationStream(nonce)));
}

describe('deferred hydration', () => {
  it('holds back the preloads and the module script, and adds the loader to the head', async () => {
    const html = await rewrite([document]);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/type="module"/);
    expect(html).toContain(
      `<script nonce="${nonce}" type="${deferredModuleType}">import * as route0 from "/assets/root-C.js";`,
    );
    const loader = `<script nonce="${nonce}">${hydrationLoader(['/assets/entry.client-A.js', '/assets/framework-B.js'])}</script></head>`;
    expect(html).toContain(loader);
    // Everything else is untouched, including data that merely looks like the tag.
    expect(html.replace(loader, '</head>')).toBe(
      document
        .replace(/<link rel="modulepreload"[^>]*\/>/g, '')
        .replace('type="module" async=""', `type="${deferredModuleType}"`),
    );
  });

  it('gives the same document however the stream is cut, even inside a tag or a character', async () => {
    const whole = await rewrite([document]);
    const bytes = Buffer.from(document, 'utf8');
    for (const size of [1, 2, 3, 7, 64]) {
      const chunks: Buffer[] = [];
      for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
      expect(await rewrite(chunks), `chunks of ${size} bytes`).toBe(whole);
    }
  });

  it('passes a document without React Router scripts through unchanged, apart from the loader', async () => {
    const plain = '<!DOCTYPE html><html><head><title>Error</title></head><body>Oops</body></html>';
    const html = await rewrite([plain]);
    expect(html).toBe(plain.replace('</head>', `<script nonce="${nonce}">${hydrationLoader([])}</script></head>`));
  });

  it('writes a loader that is valid JavaScript and carries the preload list as data', () => {
    const loader = hydrationLoader(['/assets/a.js', '/assets/"b".js']);
    expect(() => new Function(loader)).not.toThrow();
    expect(loader).toContain(JSON.stringify(['/assets/a.js', '/assets/"b".js']));
  });

  it('finds the tags whatever the order of their attributes, and leaves other links and scripts alone', async () => {
    const reordered = [
      '<!DOCTYPE html><html><head>',
      `<link nonce="${nonce}" href="/assets/entry.client-A.js" rel="modulepreload"/>`,
      '<link rel="stylesheet" href="/assets/app.css"/><link rel="preload" as="font" href="/fonts/inter.woff2" crossorigin=""/>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '</head><body>',
      `<script async="" type="module" nonce="${nonce}">import("/assets/entry.client-A.js");</script>`,
      '</body></html>',
    ].join('');
    const html = await rewrite([reordered]);
    expect(html).toContain(`<script nonce="${nonce}">${hydrationLoader(['/assets/entry.client-A.js'])}</script></head>`);
    expect(html).toContain(`<script type="${deferredModuleType}" nonce="${nonce}">import("/assets/entry.client-A.js");</script>`);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/><link rel="preload" as="font" href="/fonts/inter.woff2" crossorigin=""/>');
    expect(html).toContain('<script type="application/ld+json">{"@type":"Organization"}</script>');
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
  });

  it('writes a loader that, run on its own, puts the preloads back and turns the held script into a module', () => {
    const preloads = ['/assets/a.js', '/assets/b&c.js'];
    const held = { type: deferredModuleType, nonce, textContent: 'import("/assets/a.js");' };
    expect(runHydrationLoader(hydrationLoader(preloads), held)).toEqual({
      preloads,
      restored: { type: 'module', nonce, textContent: held.textContent },
    });
  });

  it('puts back the twenty-odd preloads, a few per task, every one in order', () => {
    const preloads = Array.from({ length: 23 }, (_, index) => `/assets/chunk-${index}.js`);
    const held = { type: deferredModuleType, nonce, textContent: 'import("/assets/chunk-0.js");' };
    const run = runHydrationLoader(hydrationLoader(preloads), held);
    expect(run.preloads).toEqual(preloads);
    expect(run.restored?.type).toBe('module');
  });
});

