import { useRouteLoaderData } from 'react-router';

export interface AdminIdentity {
  username: string;
}

/** The logged-in admin, from the root loader (null for every visitor). */
export function useAdmin(): AdminIdentity | null {
  const data = useRouteLoaderData('root') as { admin?: AdminIdentity | null } | undefined;
  return data?.admin ?? null;
}
