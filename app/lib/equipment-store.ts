import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '~/root';
import { useCompany } from './site-content';

/**
 * Where View Inventory goes: EQUIPMENT_STORE_URL when the deployment sets it (sent by the
 * root loader), otherwise the stored company facts' store link (docs/pages.md, Site content).
 */
export function useEquipmentStoreUrl(): string {
  const company = useCompany();
  return useRouteLoaderData<typeof rootLoader>('root')?.equipmentStoreUrl ?? company.equipmentStoreUrl;
}
