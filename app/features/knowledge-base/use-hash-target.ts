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
 * Brings the element with `id` into view once it exists (a panel that renders it after
 * its data arrived): the router scrolls to the fragment only right after a navigation.
 */
export function scrollToId(id: string) {
  const element = document.getElementById(id);
  if (!element) return;
  element.scrollIntoView({ block: 'start' });
}

/**
 * The look of a card an anchor names (glossary terms, documents): a ring and a tinted
 * background, from :target without JavaScript and data-targeted after a router navigation (html's scroll-padding keeps it clear of the sticky header).
 */
export const targetableCard =
  'target:border-brand-500 target:bg-brand-50 target:ring-2 target:ring-brand-500/50 data-[targeted]:border-brand-500 data-[targeted]:bg-brand-50 data-[targeted]:ring-2 data-[targeted]:ring-brand-500/50';
