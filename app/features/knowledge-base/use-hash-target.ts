import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The element id the address's #fragment names, once hydrated (null on the server and
 * without a fragment). Cards mark themselves with it: CSS :target does that without
 * JavaScript, but the router's navigations (pushState) do not move :target, so a search
 * hit opened from the dialog or a related-term link would otherwise land unmarked
 * (docs/glossary.md, Anchors).
 */
export function useHashTarget(): string | null {
  const { hash } = useLocation();
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    const read = () => setTarget(decodeHash(window.location.hash));
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [hash]);
  return target;
}

function decodeHash(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * Brings the element with `id` into view once it exists (a panel that renders it after its
 * data arrived), and keeps it there while the page settles: cards above it have
 * `content-visibility: auto` and an estimated height, so they change size as they are first
 * laid out and a single (smooth) scroll lands far from the card. The scroll is instant and
 * is repeated each frame until the card stays put (at most ~1 s), or the visitor scrolls.
 */
export function scrollToId(id: string) {
  let frames = 0;
  let steady = 0;
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  for (const name of events) window.addEventListener(name, stop, { once: true, passive: true });
  const step = () => {
    const element = document.getElementById(id);
    if (stopped || !element || frames++ > 60 || steady > 5) {
      for (const name of events) window.removeEventListener(name, stop);
      return;
    }
    const before = element.getBoundingClientRect().top;
    element.scrollIntoView({ block: 'start', behavior: 'instant' });
    steady = Math.abs(element.getBoundingClientRect().top - before) < 1 ? steady + 1 : 0;
    requestAnimationFrame(step);
  };
  step();
}

/**
 * The look of a card an anchor names (glossary terms, documents): a ring and a tinted
 * background, from :target without JavaScript and data-targeted after a router navigation (html's scroll-padding keeps it clear of the sticky header).
 */
export const targetableCard =
  'target:border-brand-500 target:bg-brand-50 target:ring-2 target:ring-brand-500/50 data-[targeted]:border-brand-500 data-[targeted]:bg-brand-50 data-[targeted]:ring-2 data-[targeted]:ring-brand-500/50';
