import { useCompany } from './site-content';

/**
 * Where View Inventory goes: EQUIPMENT_STORE_URL when the deployment sets it, otherwise the
 * stored company facts' store link (docs/pages.md, Site content). The root loader has already
 * put the one that wins into the company facts it sends.
 */
export function useEquipmentStoreUrl(): string {
  return useCompany().equipmentStoreUrl;
}
