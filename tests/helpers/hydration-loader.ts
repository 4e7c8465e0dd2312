import vm from 'node:vm';

/** What the deferred-hydration loader did in a stand-in browser. */
export interface LoaderRun {
  /** The hrefs of the modulepreload links it put back, in order. */
  preloads: string[];
  /** The module script it put in place of the held one, or null. */
  restored: { type: string; nonce: string; textContent: string } | null;
}

/**
 * Runs the loader's script text (app/lib/deferred-hydration.server.ts) in a fresh context with
 * a parsed document, a first contentful paint already observed, and one held script: proof that
 * the text sent to browsers runs on its own, with nothing but its arguments and browser globals.
 */
export function runHydrationLoader(source: string, held: { type: string; nonce: string; textContent: string }): LoaderRun {
  const run: LoaderRun = { preloads: [], restored: null };
  const heldScript = {
    ...held,
    replaceWith: (script: { type: string; nonce: string; textContent: string }) => {
      run.restored = { type: script.type, nonce: script.nonce, textContent: script.textContent };
    },
  };
  const document = {
    readyState: 'complete',
    head: { append: (link: { rel: string; href: string }) => link.rel === 'modulepreload' && run.preloads.push(link.href) },
    createElement: () => ({}),
    querySelector: (selector: string) => (selector === `script[type="${held.type}"]` ? heldScript : null),
    addEventListener: () => {},
  };
  class PerformanceObserver {
    static supportedEntryTypes = ['paint'];
    constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {}
    observe() {
      this.callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    }
    disconnect() {}
  }
  // Timers run after the script, in the order they were set, like a browser's task queue
  // (the loader appends its preloads a few per task).
  const timers: Array<() => void> = [];
  const setTimeout = (callback: () => void) => timers.push(callback);
  vm.runInNewContext(source, { document, PerformanceObserver, setTimeout, requestAnimationFrame: () => 0 });
  for (let timer = timers.shift(); timer; timer = timers.shift()) timer();
  return run;
}
