import { viewInventoryLabel } from '@content/vpv-lease';
import { ExternalLink } from 'lucide-react';
import { type ButtonVariant, buttonClass } from '~/components/ui/button';
import { useEquipmentStoreUrl } from '~/lib/equipment-store';

/** View Inventory: the external equipment-rental store, in a new tab (announced as such). */
export function ViewInventoryLink({ variant = 'inverse', className }: { variant?: ButtonVariant; className?: string }) {
  return (
    <a href={useEquipmentStoreUrl()} target="_blank" rel="noopener noreferrer" className={buttonClass(variant, 'lg', className)}>
      {viewInventoryLabel}
      <ExternalLink aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
