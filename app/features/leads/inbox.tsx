import { inbox as copy } from '@content/leads';
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { AdminPageHeader } from '~/features/admin/admin-nav';
import { cn } from '~/lib/cn';
import { FailingList } from './failing-deliveries';
import { type InboxParams, csvHref, inboxHref } from './inbox-params';
import { Pagination } from './inbox-pagination';
import { StatusFilter } from './inbox-status-filter';
import type { InboxData } from './inbox.server';
import { ContactMessageCard, DemoRequestCard } from './lead-card';

/**
 * The admin's leads inbox (docs/leads.md): the failing deliveries, two tabs, a status filter,
 * full leads with their status (and its history) and notifications, Delete (with Undo), CSV export.
 */
export function Inbox({ data }: { data: InboxData }) {
  const params: InboxParams = { tab: data.tab, status: data.status, page: data.page };
  return (
    <div className="container-page py-10 sm:py-12">
      <AdminPageHeader current="/admin/leads" back={copy.backToKnowledgeBase} heading={copy.heading} lead={copy.lead} />

      <FailingList failing={data.failing} />

      <div className="mt-8 flex flex-col gap-4 border-b border-slate-200 sm:flex-row sm:items-end sm:justify-between">
        <nav aria-label="Kind of lead" className="-mb-px flex gap-1">
          {(['messages', 'demo-requests'] as const).map((tab) => (
            <Link
              key={tab}
              to={inboxHref({ tab, status: params.status, page: 1 })}
              aria-current={tab === data.tab ? 'page' : undefined}
              className={cn(
                'inline-flex items-center gap-2 border-b-2 px-4 py-3 text-sm font-semibold',
                tab === data.tab ? 'border-brand-700 text-ink' : 'border-transparent text-slate-600 hover:text-ink',
              )}
            >
              {copy.tabs[tab]}
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {data.newCounts[tab]} {copy.newCount}
              </span>
            </Link>
          ))}
        </nav>
        <a href={csvHref(data.tab, data.status)} download className={buttonClass('outline', 'sm', 'mb-3 self-start sm:self-auto')}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {copy.exportCsv}
        </a>
      </div>

      <StatusFilter params={params} />

      {data.list.items.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {copy.empty[data.tab]}
        </p>
      ) : (
        <ol className="mt-6 space-y-4">
          {data.tab === 'messages'
            ? data.list.items.map((lead) => (
                <li key={lead.id}>
                  <ContactMessageCard lead={lead} />
                </li>
              ))
            : data.list.items.map((lead) => (
                <li key={lead.id}>
                  <DemoRequestCard lead={lead} />
                </li>
              ))}
        </ol>
      )}

      <Pagination params={params} total={data.list.total} pageSize={data.list.pageSize} />
    </div>
  );
}
