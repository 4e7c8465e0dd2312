import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '~/root';

export interface AdminIdentity {
  username: string;
}

/** The logged-in admin, from the root loader (null for every visitor). */
export function useAdmin(): AdminIdentity | null {
  return useRouteLoaderData<typeof rootLoader>('root')?.admin ?? null;
}
