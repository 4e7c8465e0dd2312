import { type ReactNode, Suspense } from 'react';
import { useHydrated } from '~/lib/use-hydrated';

/**
 * Renders its children in the browser only, once the page has hydrated, inside Suspense: for
 * React.lazy parts the server should not render, such as admin controls (decision 016). A
 * server-rendered lazy part would stay inert until its chunk arrived, and a click on it would
 * be lost; here the fallback (for a button, a disabled copy of it) stands until it is live.
 */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const hydrated = useHydrated();
  return hydrated ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
