import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** SPEC §9: after navigating home, wait about this long before scrolling to the section. */
export const SCROLL_AFTER_NAVIGATION_MS = 100;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function scrollToSection(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  element.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  // Move keyboard and screen-reader focus along with the view.
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Click handler for links to a home-page section ('/#services'). On the home page it
 * scrolls there; elsewhere it navigates to / first and scrolls after ~100 ms. The links
 * stay real links, so they also work without JavaScript and in a new tab.
 */
export function useSectionLink(): (event: MouseEvent<HTMLAnchorElement>, href: string) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return (event, href) => {
    const [path, id] = href.split('#');
    if (!id || (path !== '/' && path !== '') || !isPlainLeftClick(event)) return;
    event.preventDefault();
    if (location.pathname === '/') {
      scrollToSection(id);
      return;
    }
    void navigate('/');
    setTimeout(() => scrollToSection(id), SCROLL_AFTER_NAVIGATION_MS);
  };
}
