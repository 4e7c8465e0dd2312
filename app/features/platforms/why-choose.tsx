import type { IconItem } from '@content/platforms';
import { Section } from './section';
import { IconBadge } from './icon-badge';

/** The Why Choose section of the platform pages: four reasons side by side on desktops. */
export function WhyChoose({ title, lead, items }: { title: string; lead: string; items: readonly IconItem[] }) {
  return (
    <Section title={title} lead={lead} tone="muted" centered>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.title} className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
            <IconBadge icon={item.icon} tone="flame" className="mx-auto" />
            <h3 className="mt-5 text-lg font-semibold text-ink">{item.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
