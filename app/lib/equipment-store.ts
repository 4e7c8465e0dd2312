import { site } from '@content/site';
import { useRouteLoaderData } from 'react-router';

/**
 * Where View Inventory goes: EQUIPMENT_STORE_URL when the deployment sets it (sent by the
 * root loader), otherwise the sample address in content/site.ts.
 */
export function useEquipmentStoreUrl(): string {
  const data = useRouteLoaderData('root') as { equipmentStoreUrl?: string | null } | undefined;
  return data?.equipmentStoreUrl ?? site.rentalStoreUrl;
}
