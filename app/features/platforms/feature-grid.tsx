import type { IconItem } from '@content/platforms';
import { IconBadge } from './icon-badge';

/** Feature cards: one column on phones, two on tablets, three on desktops. */
export function FeatureGrid({ items }: { items: readonly IconItem[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li
          key={item.title}
          className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md sm:p-7"
        >
          <IconBadge icon={item.icon} className="transition-colors group-hover:bg-brand-100" />
          <h3 className="mt-5 text-lg font-semibold text-ink">{item.title}</h3>
          <p className="mt-2 leading-relaxed text-slate-600">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
