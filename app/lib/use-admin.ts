import { useRouteLoaderData } from 'react-router';
import type { AdminIdentity, RootData } from './root-data';

/** The logged-in admin, from the root loader (null for every visitor). */
export function useAdmin(): AdminIdentity | null {
  return useRouteLoaderData<RootData>('root')?.admin ?? null;
}

/** How many lead deliveries (e-mail, webhook) are failing, for the admin's badge; 0 for visitors. */
export function useFailingDeliveries(): number {
  return useRouteLoaderData<RootData>('root')?.failingDeliveries ?? 0;
}
