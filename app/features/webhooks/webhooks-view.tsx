import { webhooksCopy as copy } from '@content/admin-webhooks';
import { Plus, RefreshCw } from 'lucide-react';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { AdminPageHeader, PageLinks } from '~/features/admin/admin-nav';
import { failureNotice } from '~/lib/api';
import { cn } from '~/lib/cn';
import { toast } from '~/lib/toast';
import { formatUtc } from '~/lib/utc-time';
import type { WebhookDialogState } from './webhook-dialogs';
import type { WebhookDeliveryView, WebhookEndpointView } from './webhook-types';
import { dismissDelivery, replayDelivery, sendTestEvent } from './webhooks-api';
import { answerExcerpt, canDismiss, deliveryState, eventLabel, formatDuration, shouldAutoRefresh, webhooksHref } from './webhooks-params';
import type { DeliveryLog, WebhooksData } from './webhooks.server';

// The dialogs (and Radix's dialog code) load on first use: most visits only read the log.
const WebhookDialogs = lazy(() => import('./webhook-dialogs'));

/** The admin's Webhooks page (docs/admin.md): the endpoints with their actions, and one endpoint's delivery log. */
export function WebhooksView({ data }: { data: WebhooksData }) {
  const [dialog, setDialog] = useState<WebhookDialogState | null>(null);
  // Where focus returns when a dialog closes: the button that opened it (these dialogs have no Radix Trigger).
  const opener = useRef<HTMLElement | null>(null);
  const open = (state: WebhookDialogState) => (event: { currentTarget: HTMLElement }) => {
    opener.current = event.currentTarget;
    setDialog(state);
  };
  const logEndpoint = data.log ? data.endpoints.find((endpoint) => endpoint.id === data.log?.endpointId) : undefined;

  return (
    <div className="container-page py-10 sm:py-12">
      <AdminPageHeader current="/admin/webhooks" back={copy.backToKnowledgeBase} heading={copy.heading} lead={copy.lead}>
        <Button onClick={open({ kind: 'add' })} className="shrink-0 self-start sm:self-auto">
          <Plus aria-hidden="true" className="mr-2 h-4 w-4" />
          {copy.add}
        </Button>
      </AdminPageHeader>

      {data.endpoints.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{copy.empty}</p>
      ) : (
        <ul className="mt-8 space-y-4" aria-label="Webhook endpoints">
          {data.endpoints.map((endpoint) => (
            <li key={endpoint.id}>
              <EndpointCard endpoint={endpoint} logOpen={data.log?.endpointId === endpoint.id} open={open} />
            </li>
          ))}
        </ul>
      )}

      {data.log && logEndpoint ? <DeliveryLogSection log={data.log} endpoint={logEndpoint} /> : null}

      {dialog ? (
        <Suspense fallback={null}>
          <WebhookDialogs state={dialog} onChange={setDialog} returnFocusTo={opener} />
        </Suspense>
      ) : null}
    </div>
  );
}

type Opener = (state: WebhookDialogState) => (event: { currentTarget: HTMLElement }) => void;

function EndpointCard({ endpoint, logOpen, open }: { endpoint: WebhookEndpointView; logOpen: boolean; open: Opener }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [testing, setTesting] = useState(false);
  const headingId = `webhook-${endpoint.id}`;

  async function test() {
    setTesting(true);
    try {
      await sendTestEvent(endpoint.id);
      toast({ title: copy.test.queued, description: copy.test.queuedText });
      if (logOpen) await revalidator.revalidate();
      else await navigate(webhooksHref({ endpoint: endpoint.id, page: 1 }), { preventScrollReset: true });
    } catch (error) {
      toast({ title: copy.test.failed, description: failureNotice(error, copy.test.failed), variant: 'destructive' });
    } finally {
      setTesting(false);
    }
  }

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h2 id={headingId} className="break-all font-mono text-base font-semibold text-ink">
            {endpoint.url}
          </h2>
          {endpoint.description ? <p className="mt-1 text-sm text-slate-700">{endpoint.description}</p> : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <span
            className={cn(
              'whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold',
              endpoint.enabled ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800',
            )}
          >
            {endpoint.enabled ? copy.endpoint.enabled : copy.endpoint.disabled}
          </span>
          {endpoint.failing > 0 ? (
            <span className="whitespace-nowrap rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
              {copy.endpoint.failing(endpoint.failing)}
            </span>
          ) : null}
        </div>
      </div>

      {endpoint.disabledReason ? <p className="mt-2 text-sm font-semibold text-red-800">{endpoint.disabledReason}</p> : null}

      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{copy.endpoint.eventsLabel}</dt>
        <dd className="flex flex-wrap gap-1.5">
          {endpoint.events.map((event) => (
            <span key={event} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
              {eventLabel(event)}
            </span>
          ))}
        </dd>
        <dt className="text-slate-600">{copy.endpoint.secret}</dt>
        <dd className="break-all font-mono text-slate-800">
          {endpoint.secretHint}
          {endpoint.rotatingUntil ? (
            <span className="block font-sans text-slate-600">{copy.endpoint.rotating(formatUtc(endpoint.rotatingUntil))}</span>
          ) : null}
        </dd>
      </dl>

      <div className="mt-4 flex flex-wrap gap-2">
        {/* Named with the URL: a screen reader's list of buttons says which endpoint. */}
        <Button asChild variant={logOpen ? 'primary' : 'outline'} size="sm">
          <Link
            to={logOpen ? webhooksHref({ endpoint: null, page: 1 }) : webhooksHref({ endpoint: endpoint.id, page: 1 })}
            preventScrollReset
            aria-label={`${logOpen ? copy.actions.hideLog : copy.actions.log}: ${endpoint.url}`}
            aria-expanded={logOpen}
          >
            {logOpen ? copy.actions.hideLog : copy.actions.log}
          </Link>
        </Button>
        <Button variant="outline" size="sm" onClick={test} disabled={testing} aria-label={`${copy.actions.test}: ${endpoint.url}`}>
          {testing ? copy.actions.testing : copy.actions.test}
        </Button>
        <Button variant="outline" size="sm" onClick={open({ kind: 'edit', endpoint })} aria-label={`${copy.actions.edit}: ${endpoint.url}`}>
          {copy.actions.edit}
        </Button>
        <Button variant="outline" size="sm" onClick={open({ kind: 'rotate', endpoint })} aria-label={`${copy.actions.rotate}: ${endpoint.url}`}>
          {copy.actions.rotate}
        </Button>
        <Button variant="destructive" size="sm" onClick={open({ kind: 'delete', endpoint })} aria-label={`${copy.actions.delete}: ${endpoint.url}`}>
          {copy.actions.delete}
        </Button>
      </div>
    </article>
  );
}

const stateClass: Record<ReturnType<typeof deliveryState>, string> = {
  pending: 'bg-slate-100 text-slate-800',
  sending: 'bg-sky-100 text-sky-900',
  retrying: 'bg-amber-100 text-amber-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
};

/** One endpoint's deliveries, newest first; it reloads itself while a delivery is about to be sent. */
function DeliveryLogSection({ log, endpoint }: { log: DeliveryLog; endpoint: WebhookEndpointView }) {
  const revalidator = useRevalidator();
  const autoRefresh = shouldAutoRefresh(log.items, Date.now());
  const idle = revalidator.state === 'idle';

  useEffect(() => {
    if (!autoRefresh || !idle) return;
    const timer = setTimeout(() => void revalidator.revalidate(), 2000);
    return () => clearTimeout(timer);
  }, [autoRefresh, idle, log, revalidator]);

  return (
    <section aria-labelledby="delivery-log-heading" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="delivery-log-heading" className="min-w-0 break-all text-xl font-bold text-ink">
          {copy.log.heading(endpoint.url)}
        </h2>
        <Button variant="outline" size="sm" onClick={() => void revalidator.revalidate()} disabled={!idle}>
          <RefreshCw aria-hidden="true" className={cn('mr-2 h-4 w-4', !idle && 'animate-spin')} />
          {copy.log.refresh}
        </Button>
      </div>
      {log.items.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{copy.log.empty}</p>
      ) : (
        <table className="mt-4 block w-full text-left text-sm lg:table">
          <caption className="sr-only">{copy.log.heading(endpoint.url)}</caption>
          <thead className="sr-only lg:not-sr-only lg:table-header-group">
            <tr className="border-b border-slate-200 text-slate-600">
              {(['time', 'event', 'status', 'http', 'duration', 'answer'] as const).map((column) => (
                <th key={column} scope="col" className="py-2 pr-4 font-semibold">
                  {copy.log.columns[column]}
                </th>
              ))}
              <th scope="col" className="py-2 text-right font-semibold">
                {copy.log.columns.actions}
              </th>
            </tr>
          </thead>
          <tbody className="block space-y-3 lg:table-row-group lg:space-y-0">
            {log.items.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} />
            ))}
          </tbody>
        </table>
      )}
      <PageLinks
        page={log.page}
        total={log.total}
        pageSize={log.pageSize}
        href={(page) => webhooksHref({ endpoint: endpoint.id, page })}
        copy={copy.pagination}
      />
    </section>
  );
}

/** One delivery: a table row from 1024 px up, a card below (each cell says what it is). */
function DeliveryRow({ delivery }: { delivery: WebhookDeliveryView }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const state = deliveryState(delivery);
  const attempt = delivery.lastAttempt;
  const cell = 'block lg:table-cell lg:py-3 lg:pr-4 lg:align-top';
  const label = (text: string) => <span className="text-slate-600 lg:hidden">{text}: </span>;
  const name = `${eventLabel(delivery.eventType)} ${delivery.messageId}`;

  async function run(action: () => Promise<unknown>, done: string, failed: string) {
    setBusy(true);
    try {
      await action();
      toast({ title: done, description: name });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: failed, description: failureNotice(error, failed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <tr className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:table-row lg:rounded-none lg:border-0 lg:border-b lg:p-0 lg:shadow-none">
      <td className={cn(cell, 'whitespace-nowrap text-slate-700')}>
        {label(copy.log.columns.time)}
        <time dateTime={delivery.createdAt}>{formatUtc(delivery.createdAt)}</time>
      </td>
      <th scope="row" className={cn(cell, 'mt-1 font-semibold text-ink lg:mt-0')}>
        {eventLabel(delivery.eventType)}
        <span className="block break-all font-mono text-xs font-normal text-slate-600">{delivery.messageId}</span>
      </th>
      <td className={cn(cell, 'mt-2 lg:mt-0')}>
        <span className={cn('whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold', stateClass[state])}>{copy.log.states[state]}</span>
        <span className="mt-1 block text-xs text-slate-600">
          {copy.log.attempts(delivery.attempts)}
          {delivery.nextAttemptAt && (state === 'pending' || state === 'retrying') ? `, ${copy.log.nextAttempt(formatUtc(delivery.nextAttemptAt))}` : ''}
          {delivery.dismissedAt ? `, ${copy.log.dismissedNote}` : ''}
        </span>
      </td>
      <td className={cn(cell, 'mt-2 text-slate-700 lg:mt-0')}>
        {label(copy.log.columns.http)}
        {attempt ? (attempt.httpStatus ?? copy.log.noAnswer) : ''}
      </td>
      <td className={cn(cell, 'whitespace-nowrap text-slate-700')}>
        {label(copy.log.columns.duration)}
        {formatDuration(attempt?.durationMs)}
      </td>
      <td className={cn(cell, 'break-all text-slate-700 lg:max-w-xs')}>
        {attempt?.error || attempt?.responseExcerpt ? label(copy.log.columns.answer) : null}
        {attempt?.error ? <span className="block text-red-800">{attempt.error}</span> : null}
        {attempt?.responseExcerpt ? (
          <code className="font-mono text-xs" title={attempt.responseExcerpt}>
            {answerExcerpt(attempt.responseExcerpt)}
          </code>
        ) : null}
      </td>
      <td className={cn(cell, 'mt-3 lg:mt-0 lg:pr-0 lg:text-right')}>
        <span className="inline-flex flex-wrap gap-2 whitespace-nowrap lg:flex-nowrap lg:justify-end">
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => run(() => replayDelivery(delivery.id), copy.log.replayed, copy.log.replayFailed)}
            aria-label={`${copy.log.replay}: ${name}`}
          >
            {copy.log.replay}
          </Button>
          {canDismiss(delivery) ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() => run(() => dismissDelivery(delivery.id), copy.log.dismissed, copy.log.dismissFailed)}
              aria-label={`${copy.log.dismiss}: ${name}`}
            >
              {copy.log.dismiss}
            </Button>
          ) : null}
        </span>
      </td>
    </tr>
  );
}
