import { inbox as copy } from '@content/leads';
import type { FailingNotifications } from '@domain/leads/types';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { revalidateAdminChange } from '~/features/admin/admin-change';
import { apiRequest, failureNotice } from '~/lib/api';
import { toast } from '~/lib/toast';
import { formatUtc } from '~/lib/utc-time';
import { inboxHref, leadAnchor } from './inbox-params';

/** The e-mails and webhook deliveries that keep failing, each with Dismiss (docs/leads.md). */
export function FailingList({ failing }: { failing: FailingNotifications }) {
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
                    {copy.failing.since} <time dateTime={item.since}>{formatUtc(item.since)}</time>
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
