import { inbox as copy } from '@content/leads';
import {
  type ContactMessage,
  type DemoRequest,
  type FailingNotifications,
  type InboxLead,
  LEAD_STATUSES,
  type LeadNotifications,
  type LeadStatusChange,
} from '@domain/leads/types';
import { AlertTriangle, ChevronLeft, ChevronRight, Download, Mail, Phone, Trash2 } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { Button, buttonClass } from '~/components/ui/button';
import { Select } from '~/components/ui/input';
import { apiRequest, failureNotice } from '~/lib/api';
import { revalidateAdminChange } from '~/features/admin/admin-change';
import { AdminPageHeader } from '~/features/admin/admin-nav';
import { cn } from '~/lib/cn';
import { toast } from '~/lib/toast';
import { toastDeletedWithUndo } from '~/lib/undo-delete';
import { type InboxParams, type InboxStatus, type InboxTab, csvHref, inboxApiPath, inboxHref, leadAnchor } from './inbox-params';
import type { InboxData } from './inbox.server';

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

function StatusFilter({ params }: { params: InboxParams }) {
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

/** UTC and fixed-format, so the server and the browser render the same text. */
function formatReceived(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

const statusBadgeClass: Record<InboxStatus, string> = {
  new: 'bg-amber-100 text-amber-900',
  contacted: 'bg-sky-100 text-sky-900',
  qualified: 'bg-violet-100 text-violet-900',
  closed: 'bg-emerald-100 text-emerald-900',
};

function LeadCard({
  id,
  tab,
  name,
  subtitle,
  status,
  createdAt,
  statusHistory,
  notifications,
  contact,
  children,
}: {
  id: number;
  tab: InboxTab;
  name: string;
  subtitle: string;
  status: InboxStatus;
  createdAt: string;
  statusHistory: LeadStatusChange[];
  notifications: LeadNotifications;
  contact: ReactNode;
  children: ReactNode;
}) {
  const headingId = `lead-${tab}-${id}`;
  return (
    <article
      id={leadAnchor(tab, id)}
      aria-labelledby={headingId}
      className={cn(
        'scroll-mt-24 rounded-xl border bg-white p-5 shadow-sm sm:p-6',
        status === 'new' ? 'border-l-4 border-slate-200 border-l-flame-500' : 'border-slate-200',
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
        <div className="flex shrink-0 flex-wrap items-center gap-3">
          <span className={cn('rounded-full px-2.5 py-1 text-xs font-semibold', statusBadgeClass[status])}>{copy.status[status]}</span>
          <StatusSelect tab={tab} id={id} status={status} name={name} />
          <DeleteLead tab={tab} id={id} name={name} />
        </div>
      </header>
      <div className="mt-4 border-t border-slate-100 pt-4">{children}</div>
      <div className="mt-4 grid gap-4 border-t border-slate-100 pt-4 text-sm md:grid-cols-2">
        <NotificationStates notifications={notifications} />
        <StatusHistory history={statusHistory} />
      </div>
    </article>
  );
}

/** A lead's e-mail to sales and its webhook deliveries: sent or delivered, queued, failing (the last error, the next try) or failed. */
function NotificationStates({ notifications }: { notifications: LeadNotifications }) {
  const { email, webhooks } = notifications;
  const troubled = (state: string) => state === 'failing' || state === 'failed';
  return (
    <div>
      <h3 className="font-semibold text-ink">{copy.notifications.label}</h3>
      <ul className="mt-1 space-y-1.5">
        <li className={troubled(email.state) ? 'text-red-800' : 'text-slate-700'}>
          {troubled(email.state) ? <AlertTriangle aria-hidden="true" className="mr-1 inline h-4 w-4 align-[-3px]" /> : null}
          <span className="font-medium">{copy.notifications.email[email.state]}</span>
          {email.attempts > 0 && email.state !== 'sent' ? <span> ({copy.notifications.attempts(email.attempts)})</span> : null}
          {email.dismissed && troubled(email.state) ? <span> {copy.notifications.dismissed}</span> : null}
          <FailureDetails lastError={troubled(email.state) ? email.lastError : null} nextAttemptAt={email.nextAttemptAt} />
        </li>
        {webhooks.map((webhook) => (
          <li key={webhook.id} className={troubled(webhook.state) ? 'text-red-800' : 'text-slate-700'}>
            {troubled(webhook.state) ? <AlertTriangle aria-hidden="true" className="mr-1 inline h-4 w-4 align-[-3px]" /> : null}
            <span className="font-medium">
              {copy.notifications.webhookTo} <span className="break-all">{webhook.url}</span> ({webhook.eventType}): {copy.notifications.webhook[webhook.state]}
            </span>
            {webhook.dismissed && troubled(webhook.state) ? <span> {copy.notifications.dismissed}</span> : null}
            <FailureDetails lastError={webhook.lastError} nextAttemptAt={webhook.nextAttemptAt} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function FailureDetails({ lastError, nextAttemptAt }: { lastError: string | null; nextAttemptAt: string | null }) {
  if (!lastError && !nextAttemptAt) return null;
  return (
    <span className="block text-slate-700">
      {lastError ? (
        <>
          {copy.notifications.lastError} <span className="break-words">{lastError}</span>
          {nextAttemptAt ? '. ' : null}
        </>
      ) : null}
      {nextAttemptAt ? (
        <>
          {copy.notifications.nextTry} <time dateTime={nextAttemptAt}>{formatReceived(nextAttemptAt)}</time>
        </>
      ) : null}
    </span>
  );
}

/** Each change of the status, newest first: from, to, when and by whom. */
function StatusHistory({ history }: { history: LeadStatusChange[] }) {
  return (
    <div>
      <h3 className="font-semibold text-ink">{copy.history.summary(history.length)}</h3>
      {history.length === 0 ? (
        <p className="mt-1 text-slate-600">{copy.history.none}</p>
      ) : (
        <ol className="mt-1 space-y-1 text-slate-700">
          {history.map((change) => (
            <li key={`${change.at}-${change.status}-${change.previousStatus}`}>
              <span className="font-medium">{copy.history.entry(copy.status[change.status], copy.status[change.previousStatus])}</span>{' '}
              <time dateTime={change.at}>{formatReceived(change.at)}</time> {copy.history.by} {change.by}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The e-mails and webhook deliveries that keep failing, each with Dismiss (docs/leads.md). */
function FailingList({ failing }: { failing: FailingNotifications }) {
  if (failing.count === 0) return null;
  return (
    <section id="failing" aria-labelledby="failing-heading" className="mt-8 scroll-mt-24 rounded-xl border border-red-200 bg-red-50 p-5">
      <h2 id="failing-heading" className="flex items-center gap-2 text-lg font-bold text-red-900">
        <AlertTriangle aria-hidden="true" className="h-5 w-5" />
        {copy.failing.heading}: {copy.failing.badge(failing.count)}
      </h2>
      <p className="mt-1 text-sm text-red-900">{copy.failing.text}</p>
      <ul className="mt-3 space-y-2">
        {failing.items.map((item) => {
          const channel = item.channel === 'email' ? copy.failing.email : copy.failing.webhook;
          const about = item.leadKind && item.leadId !== null ? `${copy.failing.lead[item.leadKind]} ${item.leadId}` : copy.failing.testEvent;
          const label = `${channel}, ${about}`;
          return (
            <li
              key={`${item.channel}-${item.id}`}
              className="flex flex-col gap-2 rounded-lg border border-red-200 bg-white p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold text-ink">
                  {channel} ·{' '}
                  {item.leadKind && item.leadId !== null ? (
                    <Link
                      className="text-brand-700 underline underline-offset-4"
                      to={`${inboxHref({ tab: item.leadKind === 'contact' ? 'messages' : 'demo-requests', status: null, page: 1 })}#${leadAnchor(item.leadKind === 'contact' ? 'messages' : 'demo-requests', item.leadId)}`}
                    >
                      {about}
                    </Link>
                  ) : (
                    about
                  )}{' '}
                  <span className="font-normal text-slate-600">
                    {copy.failing.since} <time dateTime={item.since}>{formatReceived(item.since)}</time>
                  </span>
                </p>
                {item.lastError ? <p className="break-words text-slate-700">{item.lastError}</p> : null}
              </div>
              <DismissFailing channel={item.channel} id={item.id} label={label} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Takes one failing delivery off the badge for every admin; the root's count comes again too. */
function DismissFailing({ channel, id, label }: { channel: 'email' | 'webhook'; id: number; label: string }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function dismiss() {
    setBusy(true);
    try {
      await apiRequest('POST', `/api/admin/notifications/${channel}/${id}/dismiss`);
      toast({ title: copy.failing.dismissed, description: label });
      await revalidateAdminChange(revalidator.revalidate);
    } catch (error) {
      toast({ title: copy.failing.dismissFailed, description: failureNotice(error, 'Network error'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={dismiss} disabled={busy} className="self-start sm:self-auto">
      {copy.failing.dismiss}
      <span className="sr-only">: {label}</span>
    </Button>
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

function ContactMessageCard({ lead }: { lead: InboxLead<ContactMessage> }) {
  return (
    <LeadCard
      id={lead.id}
      tab="messages"
      name={`${lead.firstName} ${lead.lastName}`}
      subtitle={lead.company}
      status={lead.status}
      createdAt={lead.createdAt}
      statusHistory={lead.statusHistory}
      notifications={lead.notifications}
      contact={<EmailLink email={lead.email} />}
    >
      <p className="whitespace-pre-wrap break-words text-slate-800">{lead.message}</p>
    </LeadCard>
  );
}

function DemoRequestCard({ lead }: { lead: InboxLead<DemoRequest> }) {
  return (
    <LeadCard
      id={lead.id}
      tab="demo-requests"
      name={lead.name}
      subtitle={lead.title ? `${lead.title}, ${lead.company}` : lead.company}
      status={lead.status}
      createdAt={lead.createdAt}
      statusHistory={lead.statusHistory}
      notifications={lead.notifications}
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

/** The status as a select: a change calls PATCH at once, then reloads the page data so counts, filters and the history stay true. */
function StatusSelect({ tab, id, status, name }: { tab: InboxTab; id: number; status: InboxStatus; name: string }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const selectId = useId();

  async function change(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.target.value;
    setBusy(true);
    try {
      await apiRequest('PATCH', `${inboxApiPath(tab)}/${id}`, { status: next });
      toast({ title: copy.statusChanged, description: `${name}: ${copy.status[next as InboxStatus]}` });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: copy.updateFailed, description: failureNotice(error, 'Network error'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <label htmlFor={selectId} className="text-sm font-semibold text-ink">
        {copy.statusLabel}
        <span className="sr-only">: {name}</span>
      </label>
      <Select id={selectId} value={status} onChange={change} disabled={busy} className="mt-0 h-9 w-auto py-1">
        {LEAD_STATUSES.map((option) => (
          <option key={option} value={option}>
            {copy.status[option]}
          </option>
        ))}
      </Select>
    </span>
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
