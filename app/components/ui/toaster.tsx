import { Suspense, lazy, useState } from 'react';
import { useToasts } from '~/lib/toast';

// Radix Toast and the list's markup load with the first toast, not with every page: most
// visits never show one (issue 15). From then on the list stays mounted, F8 included.
const ToastList = lazy(() => import('./toast-list'));

/** The app's toasts (docs/api.md, Toasts), in the root layout: nothing until the first `toast()`. */
export function Toaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
