import { type Permission, can } from '@domain/permissions';
import { useRouteLoaderData } from 'react-router';
import type { AdminIdentity, RootData } from './root-data';

/** The logged-in admin (username and role), from the root loader (null for every visitor). */
export function useAdmin(): AdminIdentity | null {
  return useRouteLoaderData<RootData>('root')?.admin ?? null;
}

/**
 * Whether the logged-in admin's role holds a permission, read from the same map the server
 * enforces (domain/permissions.ts); always false for visitors. Hiding is only for the eye:
 * the server refuses on its own.
 */
export function useCan(): (permission: Permission) => boolean {
  const admin = useAdmin();
  return (permission) => admin !== null && can(admin.role, permission);
}

/** How many lead deliveries (e-mail, webhook) are failing, for the admin's badge; 0 for visitors. */
export function useFailingDeliveries(): number {
  return useRouteLoaderData<RootData>('root')?.failingDeliveries ?? 0;
}

/** The logged-in admin when their role holds the permission, else null: for controls only some roles see. */
export function useAdminWith(permission: Permission): AdminIdentity | null {
  const admin = useAdmin();
  return admin !== null && can(admin.role, permission) ? admin : null;
}
