import { CheckList } from './check-list';
import { IconBadge } from './icon-badge';
import type { PlatformIcon } from '@content/platforms';

interface ServiceList {
  title: string;
  lead: string;
  items: readonly string[];
}

/** Two titled check lists side by side (one column on phones). */
export function ServiceLists({ lists }: { lists: ReadonlyArray<ServiceList & { icon: PlatformIcon }> }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {lists.map((list) => (
        <div key={list.title} className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <div className="flex items-center gap-4">
            <IconBadge icon={list.icon} />
            <h3 className="text-2xl font-bold tracking-tight text-ink">{list.title}</h3>
          </div>
          <p className="mt-4 text-slate-600">{list.lead}</p>
          <CheckList items={list.items} className="mt-6" />
        </div>
      ))}
    </div>
  );
}
