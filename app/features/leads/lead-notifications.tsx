import { inbox as copy } from '@content/leads';
import type { LeadNotifications } from '@domain/leads/types';
import { AlertTriangle } from 'lucide-react';
import { formatUtc } from '~/lib/utc-time';

/** A lead's e-mail to sales and its webhook deliveries: sent or delivered, queued, failing (the last error, the next try) or failed. */
export function NotificationStates({ notifications }: { notifications: LeadNotifications }) {
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
          {copy.notifications.nextTry} <time dateTime={nextAttemptAt}>{formatUtc(nextAttemptAt)}</time>
        </>
      ) : null}
    </span>
  );
}
