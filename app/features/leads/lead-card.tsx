import { inbox as copy } from '@content/leads';
import type { ContactMessage, DemoRequest, InboxLead, LeadNotifications, LeadStatusChange } from '@domain/leads/types';
import { Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { formatUtc } from '~/lib/utc-time';
import { type InboxStatus, type InboxTab, leadAnchor } from './inbox-params';
import { DeleteLead, StatusSelect } from './lead-card-controls';
import { NotificationStates } from './lead-notifications';
import { StatusHistory } from './lead-status-history';

const statusBadgeClass: Record<InboxStatus, string> = {
  new: 'bg-amber-100 text-amber-900',
  contacted: 'bg-sky-100 text-sky-900',
  qualified: 'bg-violet-100 text-violet-900',
  closed: 'bg-emerald-100 text-emerald-900',
};

/** One lead in the inbox: who, when, contact links, status (select and Delete), the lead's text, its notifications and status history. */
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
            Received <time dateTime={createdAt}>{formatUtc(createdAt)}</time>
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

function EmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="inline-flex items-center gap-1.5 break-all text-brand-700 underline-offset-4 hover:underline">
      <Mail aria-hidden="true" className="h-4 w-4 shrink-0" />
      {email}
    </a>
  );
}

/** A contact-form message as a lead card. */
export function ContactMessageCard({ lead }: { lead: InboxLead<ContactMessage> }) {
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

/** A demo request as a lead card, with the phone number and notes. */
export function DemoRequestCard({ lead }: { lead: InboxLead<DemoRequest> }) {
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
