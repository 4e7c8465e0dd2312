import type { PlatformIcon } from '@content/platforms';
import { cn } from '~/lib/cn';
import { PlatformIconGlyph } from './icons';

/** The rounded square behind a feature's icon. */
export function IconBadge({ icon, tone = 'brand', className }: { icon: PlatformIcon; tone?: 'brand' | 'flame' | 'inverse'; className?: string }) {
  const tones = {
    brand: 'bg-brand-50 text-brand-700 ring-brand-100',
    flame: 'bg-orange-50 text-flame-600 ring-orange-100',
    inverse: 'bg-white/10 text-brand-200 ring-white/15',
  } as const;
  return (
    <span className={cn('inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-xl ring-1', tones[tone], className)}>
      <PlatformIconGlyph icon={icon} className="h-6 w-6" />
    </span>
  );
}
