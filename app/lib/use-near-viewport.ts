import { useCallback, useState } from 'react';

/**
 * Whether an element has come within `margin` of the screen, once and for all: the ref
 * callback to put on it, and the answer (false on the server and until it is near).
 * Browsers without IntersectionObserver get true at once.
 */
export function useNearViewport<T extends Element>(margin = '400px'): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(false);
  const ref = useCallback(
    (element: T | null) => {
      if (!element || near) return;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          setNear(true);
        },
        { rootMargin: `${margin} 0px` },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [margin, near],
  );
  return [ref, near];
}
