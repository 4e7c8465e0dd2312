import type { MouseEvent } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';

/** After navigating home, wait about this long before scrolling to the section (docs/pages.md). */
export const SCROLL_AFTER_NAVIGATION_MS = 100;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The height the sticky header covers, measured now: it is 4rem today, but it is read
 * rather than assumed so a taller header (a wrapped line, a larger font) still leaves the
 * section's heading in view.
 */
function stickyHeaderHeight(): number {
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  return header ? header.getBoundingClientRect().height : 0;
}

/**
 * Scrolls so the section starts right under the sticky header (its own top padding spaces
 * the heading; a gap would show a strip of the section before), and moves focus to it.
 * Callers that change the layout first (closing the mobile menu) call this once React has
 * committed that change; useSectionLink waits a frame for it.
 */
export function scrollToSection(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  const top = element.getBoundingClientRect().top + window.scrollY - stickyHeaderHeight();
  // 'instant', not 'auto': 'auto' would follow the stylesheet's scroll-behavior.
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
  // Move keyboard and screen-reader focus along with the view.
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * Navigates to / and scrolls to the section about 100 ms after the home page is there.
 * The wait starts once the navigation has finished: the home route's code and data may
 * take longer than 100 ms to arrive, and scrolling before then would find no section.
 */
export function goHomeAndScrollTo(navigate: NavigateFunction, id: string): void {
  void Promise.resolve(navigate('/')).then(() => {
    setTimeout(() => scrollOnceRendered(id, performance.now() + RENDER_WAIT_LIMIT_MS), SCROLL_AFTER_NAVIGATION_MS);
  });
}

/** How long to keep looking for the section when React is slow to show the new page (a busy phone). */
const RENDER_WAIT_LIMIT_MS = 3000;

function scrollOnceRendered(id: string, deadline: number): void {
  if (document.getElementById(id)) {
    scrollToSection(id);
    return;
  }
  // The router may have finished while React has yet to commit the page (it renders in a transition).
  if (performance.now() < deadline) requestAnimationFrame(() => scrollOnceRendered(id, deadline));
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
      // Next frame: a menu closed by this click is gone by then, so the header is measured
      // at the height it will keep (issue 16: measured with the open menu, the scroll overshot).
      requestAnimationFrame(() => scrollToSection(id));
      return;
    }
    goHomeAndScrollTo(navigate, id);
  };
}
