import { site } from '@content/site';
import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '~/root';

/**
 * Where View Inventory goes: EQUIPMENT_STORE_URL when the deployment sets it (sent by the
 * root loader), otherwise the sample address in content/site.ts.
 */
export function useEquipmentStoreUrl(): string {
  return useRouteLoaderData<typeof rootLoader>('root')?.equipmentStoreUrl ?? site.rentalStoreUrl;
}
