import { inbox as copy } from '@content/leads';
import { LEAD_STATUSES } from '@domain/leads/types';
import { Link } from 'react-router';
import { cn } from '~/lib/cn';
import { type InboxParams, type InboxStatus, inboxHref } from './inbox-params';

/** The inbox's status filter: All and each status, as links that keep the tab. */
export function StatusFilter({ params }: { params: InboxParams }) {
  const options: Array<{ status: InboxStatus | null; label: string }> = [
    { status: null, label: copy.filters.all },
    ...LEAD_STATUSES.map((status) => ({ status, label: copy.filters[status] })),
  ];
  return (
    <nav aria-label="Filter by status" className="mt-4 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-600">{copy.filterLabel}:</span>
      {options.map((option) => (
        <Link
          key={option.label}
          to={inboxHref({ ...params, status: option.status, page: 1 })}
          aria-current={option.status === params.status ? 'page' : undefined}
          className={cn(
            'rounded-full px-3 py-1 font-semibold',
            option.status === params.status ? 'bg-navy-900 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200',
          )}
        >
          {option.label}
        </Link>
      ))}
    </nav>
  );
}
