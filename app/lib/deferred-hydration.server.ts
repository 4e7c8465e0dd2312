import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/**
 * Paint first, then hydrate (decision 010).
 *
 * Every page is complete as server-rendered HTML with its stylesheet inlined, so the first paint
 * needs the document alone; the ~20 module scripts React Router preloads add interactivity only.
 * Left alone, the browser fetches, parses and runs them while it is still laying out and painting
 * the page, and on a slow phone they compete with the first paint for the network and the CPU.
 *
 * This stream rewrites React Router's tags in the server's HTML: the `<link rel="modulepreload">`
 * tags and the inline `<script type="module">` that imports the routes and starts hydration are
 * held back, and a small nonce-carrying script in the head puts them back once the document has
 * been parsed and its first contentful paint has been presented (or after three seconds, for a
 * page that cannot paint, such as one opened in a background tab). The page hydrates exactly as
 * before, just a frame or two later. React Router's <Scripts> offers no hook for this, so the
 * HTML is rewritten, and the end-to-end tests (which wait for hydration on every page) guard it.
 */

/** The type the held-back module script carries until the loader below restores it. */
export const deferredModuleType = 'text/x-deferred-module';

/**
 * The loader, run in the browser. It is sent as its own source text (`String(restoreHydration)`,
 * as React Router's <ScrollRestoration> sends its script), so it is type-checked and linted like
 * the rest, and it may use nothing but its arguments and the browser's globals.
 */
function restoreHydration(preloads: readonly string[], heldType: string): void {
  let waiting = 2;
  const start = () => {
    if (--waiting !== 0) return;
    const held = document.querySelector<HTMLScriptElement>(`script[type="${heldType}"]`);
    if (held) {
      const script = document.createElement('script');
      script.type = 'module';
      script.nonce = held.nonce;
      script.textContent = held.textContent;
      held.replaceWith(script);
    }
    // Each modulepreload link costs the main thread about a millisecond to start its fetch
    // (four times that on a slow phone), so they go in a few at a time, one task each, not
    // in one long task that would hold up a tap.
    const queue = [...preloads];
    const appendSome = () => {
      for (const href of queue.splice(0, 4)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        document.head.append(link);
      }
      if (queue.length > 0) setTimeout(appendSome);
    };
    appendSome();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
  let painted = false;
  const afterPaint = () => {
    if (painted) return;
    painted = true;
    start();
  };
  if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      afterPaint();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(afterPaint));
  }
  setTimeout(afterPaint, 3000);
}

/** JSON that cannot end the inline script it stands in. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The loader's script text; `preloads` are the held-back modulepreload URLs. */
export function hydrationLoader(preloads: readonly string[]): string {
  return `(${String(restoreHydration)})(${scriptJson(preloads)}, ${scriptJson(deferredModuleType)});`;
}

/*
 * The tags are matched by their attributes, in whatever order React writes them. React writes
 * every value in double quotes with `"`, `<` and `>` escaped, so a tag ends at the first `>`.
 */
const linkTag = /<link\s[^>]*>/g;
const scriptStartTag = /<script(\s[^>]*)?>/g;
const attribute = /\s([^\s"'>/=]+)(?:="([^"]*)")?/g;
const headEnd = '</head>';

interface Attribute {
  name: string;
  /** As written, still escaped; null for a bare attribute. */
  value: string | null;
}

function attributesOf(tag: string): Attribute[] {
  return [...tag.matchAll(attribute)].map(([, name = '', value]) => ({ name: name.toLowerCase(), value: value ?? null }));
}

const valueOf = (attributes: readonly Attribute[], name: string) => attributes.find((entry) => entry.name === name)?.value ?? null;

/** The characters React escapes in attribute values, back to themselves. */
function unescapeAttribute(value: string): string {
  const named: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>' };
  return value.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(amp|quot|lt|gt));/gi, (entity, hex?: string, decimal?: string, name?: string) => {
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    if (decimal) return String.fromCodePoint(Number(decimal));
    return named[name?.toLowerCase() ?? ''] ?? entity;
  });
}

/**
 * Rewrites one complete piece of HTML. Returns the rewritten text and whether the module script
 * has been seen (after it nothing more needs rewriting).
 */
function deferHydrationTags(html: string, state: { preloads: string[]; nonce: string }): { html: string; done: boolean } {
  let out = html.replace(linkTag, (tag) => {
    const attributes = attributesOf(tag);
    const href = valueOf(attributes, 'href');
    if (valueOf(attributes, 'rel')?.toLowerCase() !== 'modulepreload' || href === null) return tag;
    state.preloads.push(unescapeAttribute(href));
    return '';
  });
  out = out.replace(headEnd, `<script nonce="${state.nonce}">${hydrationLoader(state.preloads)}</script>${headEnd}`);
  let done = false;
  out = out.replace(scriptStartTag, (tag, attributeText: string | undefined) => {
    const attributes = attributesOf(attributeText ?? '');
    if (done || valueOf(attributes, 'type') !== 'module') return tag;
    done = true;
    // The held script is inert, so `async` means nothing any more; the loader sets a fresh script's type.
    const kept = attributes
      .filter((entry) => entry.name !== 'async')
      .map((entry) => (entry.name === 'type' ? ` type="${deferredModuleType}"` : entry.value === null ? ` ${entry.name}` : ` ${entry.name}="${entry.value}"`));
    return `<script${kept.join('')}>`;
  });
  return { html: out, done };
}

/**
 * A pass-through stream applying deferHydrationTags to the document up to React Router's module
 * script. It emits everything except a tag still cut off at the end of a chunk, so the document
 * streams as before; once the module script has passed, chunks go through untouched.
 */
export function createDeferredHydrationStream(nonce: string): Transform {
  // The decoder keeps a multi-byte character that straddles two chunks whole.
  const decoder = new StringDecoder('utf8');
  const state = { preloads: [] as string[], nonce };
  let pending = '';
  let done = false;
  const rewrite = (text: string): string => {
    const result = deferHydrationTags(text, state);
    done = result.done;
    return result.html;
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      if (done) {
        callback(null, chunk);
        return;
      }
      pending += typeof chunk === 'string' ? chunk : decoder.write(chunk);
      // Hold back a tag that has started but not ended in this chunk.
      const lastOpen = pending.lastIndexOf('<');
      const cut = lastOpen > pending.lastIndexOf('>') ? lastOpen : pending.length;
      const ready = pending.slice(0, cut);
      pending = pending.slice(cut);
      callback(null, ready === '' ? undefined : rewrite(ready));
    },
    flush(callback: TransformCallback) {
      const rest = done ? '' : pending + decoder.end();
      callback(null, rest === '' ? undefined : rewrite(rest));
    },
  });
}
