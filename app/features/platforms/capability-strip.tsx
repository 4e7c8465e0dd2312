import type { IconItem } from '@content/platforms';
import { PlatformIconGlyph } from './icons';

/** The four things a platform does, in a band right under the hero. */
export function CapabilityStrip({ label, items }: { label: string; items: readonly IconItem[] }) {
  return (
    <section aria-label={label} className="border-b border-slate-200 bg-white">
      <ul className="container-page grid gap-x-8 gap-y-6 py-10 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.title} className="flex gap-4">
            <span className="mt-0.5 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-navy-900 text-brand-200">
              <PlatformIconGlyph icon={item.icon} className="h-5 w-5" />
            </span>
            <span>
              <span className="block font-semibold text-ink">{item.title}</span>
              <span className="mt-0.5 block text-sm leading-relaxed text-slate-600">{item.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
