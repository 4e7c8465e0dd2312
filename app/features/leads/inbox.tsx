import { inbox as copy } from '@content/leads';
import type { ContactMessage, DemoRequest } from '@domain/leads/types';
import { ChevronLeft, ChevronRight, Download, Mail, Phone, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { Button, buttonClass } from '~/components/ui/button';
import { apiRequest, failureNotice } from '~/lib/api';
import { AdminPageHeader } from '~/features/admin/admin-nav';
import { cn } from '~/lib/cn';
import { toast } from '~/lib/toast';
import { toastDeletedWithUndo } from '~/lib/undo-delete';
import { type InboxParams, type InboxStatus, type InboxTab, csvHref, inboxApiPath, inboxHref } from './inbox-params';
import type { InboxData } from './inbox.server';

/** The admin's leads inbox: two tabs, a status filter, full leads, a handled toggle, Delete (with Undo), CSV export. */
export function Inbox({ data }: { data: InboxData }) {
  const params: InboxParams = { tab: data.tab, status: data.status, page: data.page };
  return (
    <div className="container-page py-10 sm:py-12">
      <AdminPageHeader current="/admin/leads" back={copy.backToKnowledgeBase} heading={copy.heading} lead={copy.lead} />

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
                {data.pending[tab]} {copy.status.pending.toLowerCase()}
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

function StatusFilter({ params }: { params: InboxParams }) {
  const options: Array<{ status: InboxStatus | null; label: string }> = [
    { status: null, label: copy.filters.all },
    { status: 'pending', label: copy.filters.pending },
    { status: 'handled', label: copy.filters.handled },
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

/** UTC and fixed-format, so the server and the browser render the same text. */
function formatReceived(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function LeadCard({
  id,
  tab,
  name,
  subtitle,
  status,
  createdAt,
  contact,
  children,
}: {
  id: number;
  tab: InboxTab;
  name: string;
  subtitle: string;
  status: InboxStatus;
  createdAt: string;
  contact: ReactNode;
  children: ReactNode;
}) {
  const headingId = `lead-${tab}-${id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'rounded-xl border bg-white p-5 shadow-sm sm:p-6',
        status === 'pending' ? 'border-l-4 border-slate-200 border-l-flame-500' : 'border-slate-200',
      )}
    >
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-bold text-ink">
            {name}
            <span className="font-normal text-slate-600"> · {subtitle}</span>
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Received <time dateTime={createdAt}>{formatReceived(createdAt)}</time>
          </p>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">{contact}</div>
        </div>
        <div className="flex shrink-0 items-center gap-3">
          <span
            className={cn(
              'rounded-full px-2.5 py-1 text-xs font-semibold',
              status === 'pending' ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900',
            )}
          >
            {copy.status[status]}
          </span>
          <StatusToggle tab={tab} id={id} status={status} name={name} />
          <DeleteLead tab={tab} id={id} name={name} />
        </div>
      </header>
      <div className="mt-4 border-t border-slate-100 pt-4">{children}</div>
    </article>
  );
}

function EmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="inline-flex items-center gap-1.5 break-all text-brand-700 underline-offset-4 hover:underline">
      <Mail aria-hidden="true" className="h-4 w-4 shrink-0" />
      {email}
    </a>
  );
}

function ContactMessageCard({ lead }: { lead: ContactMessage }) {
  return (
    <LeadCard
      id={lead.id}
      tab="messages"
      name={`${lead.firstName} ${lead.lastName}`}
      subtitle={lead.company}
      status={lead.status}
      createdAt={lead.createdAt}
      contact={<EmailLink email={lead.email} />}
    >
      <p className="whitespace-pre-wrap break-words text-slate-800">{lead.message}</p>
    </LeadCard>
  );
}

function DemoRequestCard({ lead }: { lead: DemoRequest }) {
  return (
    <LeadCard
      id={lead.id}
      tab="demo-requests"
      name={lead.name}
      subtitle={lead.title ? `${lead.title}, ${lead.company}` : lead.company}
      status={lead.status}
      createdAt={lead.createdAt}
      contact={
        <>
          <EmailLink email={lead.email} />
          <a
            href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}
            className="inline-flex items-center gap-1.5 text-brand-700 underline-offset-4 hover:underline"
          >
            <Phone aria-hidden="true" className="h-4 w-4 shrink-0" />
            {lead.phone}
          </a>
        </>
      }
    >
      {lead.notes ? (
        <p className="whitespace-pre-wrap break-words text-slate-800">{lead.notes}</p>
      ) : (
        <p className="text-sm italic text-slate-500">No notes.</p>
      )}
    </LeadCard>
  );
}

/** Calls PATCH on the admin API, then reloads the page data so counts and filters stay true. */
function StatusToggle({ tab, id, status, name }: { tab: InboxTab; id: number; status: InboxStatus; name: string }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const next: InboxStatus = status === 'pending' ? 'handled' : 'pending';

  async function toggle() {
    setBusy(true);
    try {
      await apiRequest('PATCH', `${inboxApiPath(tab)}/${id}`, { status: next });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: copy.updateFailed, description: failureNotice(error, 'Network error'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant={status === 'pending' ? 'primary' : 'outline'} size="sm" onClick={toggle} disabled={busy}>
      {status === 'pending' ? copy.markHandled : copy.markPending}
      <span className="sr-only">: {name}</span>
    </Button>
  );
}

/** Moves the lead to the trash at once; the toast's Undo brings it back (docs/admin.md). */
function DeleteLead({ tab, id, name }: { tab: InboxTab; id: number; name: string }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await apiRequest('DELETE', `${inboxApiPath(tab)}/${id}`);
      toastDeletedWithUndo({
        title: copy.deleted,
        description: name,
        kind: tab === 'messages' ? 'contact' : 'demo',
        id,
        onRestored: () => revalidator.revalidate(),
      });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: copy.deleteFailed, description: failureNotice(error, 'Network error'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={remove}
      disabled={busy}
      className="text-red-700 hover:bg-red-50"
      aria-label={`${copy.delete}: ${name}`}
    >
      <Trash2 aria-hidden="true" className="h-4 w-4" />
      {copy.delete}
    </Button>
  );
}

function Pagination({ params, total, pageSize }: { params: InboxParams; total: number; pageSize: number }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && params.page === 1) return null;
  const linkClass = buttonClass('outline', 'sm');
  return (
    <nav aria-label={copy.pagination.label} className="mt-8 flex items-center justify-between gap-4">
      {params.page > 1 ? (
        <Link to={inboxHref({ ...params, page: Math.min(params.page - 1, pages) })} className={linkClass}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          {copy.pagination.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600">
        Page {params.page} of {pages}
      </p>
      {params.page < pages ? (
        <Link to={inboxHref({ ...params, page: params.page + 1 })} className={linkClass}>
          {copy.pagination.next}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
