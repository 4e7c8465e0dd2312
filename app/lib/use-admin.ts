import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '~/root';

export interface AdminIdentity {
  username: string;
}

/** The logged-in admin, from the root loader (null for every visitor). */
export function useAdmin(): AdminIdentity | null {
  return useRouteLoaderData<typeof rootLoader>('root')?.admin ?? null;
}

/** How many lead deliveries (e-mail, webhook) are failing, for the admin's badge; 0 for visitors. */
export function useFailingDeliveries(): number {
  return useRouteLoaderData<typeof rootLoader>('root')?.failingDeliveries ?? 0;
}
