import { activityCopy as copy } from '@content/admin-activity';
import type { ActivityItem } from '@domain/audit';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { Form, Link } from 'react-router';
import { Button, buttonClass } from '~/components/ui/button';
import { Select } from '~/components/ui/input';
import { AdminPageHeader, PageLinks } from '~/features/admin/admin-nav';
import { cn } from '~/lib/cn';
import { formatUtc } from '~/lib/utc-time';
import { type ActivityChanges, activityChanges } from './activity-changes';
import { ACTIVITY_PATH, type ActivityParams, activityCsvHref, activityHref } from './activity-params';
import type { ActivityData } from './activity.server';

/** The admin's Activity log (docs/admin.md): filters by admin and kind, the rows with their changes, pages, CSV. */
export function ActivityView({ data }: { data: ActivityData }) {
  const params: ActivityParams = { admin: data.admin, kind: data.kind, page: data.page };
  const filtered = data.admin !== null || data.kind !== null;
  return (
    <div className="container-page py-10 sm:py-12">
      <AdminPageHeader current="/admin/activity" back={copy.backToKnowledgeBase} heading={copy.heading} lead={copy.lead}>
        <a href={activityCsvHref(params)} download className={buttonClass('outline', 'sm', 'self-start sm:self-auto')}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {copy.exportCsv}
        </a>
      </AdminPageHeader>

      <Filters data={data} filtered={filtered} />

      {data.log.items.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {filtered ? copy.emptyFiltered : copy.empty}
        </p>
      ) : (
        <ol className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {data.log.items.map((item) => (
            <li key={item.id}>
              <ActivityRow item={item} />
            </li>
          ))}
        </ol>
      )}

      <PageLinks
        page={data.page}
        total={data.log.total}
        pageSize={data.log.pageSize}
        href={(page) => activityHref({ ...params, page })}
        copy={copy.pagination}
      />
    </div>
  );
}

/** A GET form, so the filters work without JavaScript and land in the URL. */
function Filters({ data, filtered }: { data: ActivityData; filtered: boolean }) {
  const id = useId();
  // The current filter stays choosable even when the log no longer holds it.
  const admins = data.admin && !data.log.admins.includes(data.admin) ? [data.admin, ...data.log.admins] : data.log.admins;
  const kinds = data.kind && !data.log.kinds.includes(data.kind) ? [data.kind, ...data.log.kinds] : data.log.kinds;
  return (
    <Form method="get" action={ACTIVITY_PATH} aria-label={copy.filters.legend} className="mt-6 flex flex-wrap items-end gap-3">
      <div className="grid gap-1">
        <label htmlFor={`${id}-admin`} className="text-sm font-medium text-ink">
          {copy.filters.admin}
        </label>
        <Select id={`${id}-admin`} name="admin" defaultValue={data.admin ?? ''} key={`admin-${data.admin}`} className="min-w-44">
          <option value="">{copy.filters.anyAdmin}</option>
          {admins.map((admin) => (
            <option key={admin} value={admin}>
              {admin}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-kind`} className="text-sm font-medium text-ink">
          {copy.filters.kind}
        </label>
        <Select id={`${id}-kind`} name="kind" defaultValue={data.kind ?? ''} key={`kind-${data.kind}`} className="min-w-44">
          <option value="">{copy.filters.anyKind}</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {copy.kinds[kind] ?? kind}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="primary" size="md">
        {copy.filters.apply}
      </Button>
      {filtered ? (
        <Link to={ACTIVITY_PATH} className="inline-flex h-11 items-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
          {copy.filters.reset}
        </Link>
      ) : null}
    </Form>
  );
}

function ActivityRow({ item }: { item: ActivityItem }) {
  const changes = activityChanges(item.before, item.after);
  const failed = item.action === 'admin.login_failed';
  return (
    <article className="grid gap-2 p-4 sm:grid-cols-[11rem_9rem_minmax(0,1fr)] sm:gap-4 sm:px-5">
      {/* One line on a phone; two columns from 640 px up. */}
      <div className="flex flex-wrap gap-x-3 sm:contents">
        <p className="text-sm text-slate-600">
          <time dateTime={item.at}>{formatUtc(item.at)}</time>
        </p>
        <p className="break-words text-sm font-semibold text-ink">{item.admin}</p>
      </div>
      <div className="min-w-0">
        <p className="text-sm">
          <span className={cn('font-semibold', failed ? 'text-red-700' : 'text-ink')}>{copy.actions[item.action] ?? item.action}</span>
          {item.summary ? <span className="break-words text-slate-700"> · {item.summary}</span> : null}
          <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
            {copy.kinds[item.kind] ?? item.kind}
          </span>
        </p>
        <Changes changes={changes} />
      </div>
    </article>
  );
}

function Changes({ changes }: { changes: ActivityChanges }) {
  if (changes.mode === 'none') return null;
  if (changes.mode === 'changed' && changes.rows.length === 0) {
    return <p className="mt-1 text-xs text-slate-600">{copy.changes.none}</p>;
  }
  const count = changes.rows.length;
  return (
    <details className="group mt-2 text-sm">
      <summary className="cursor-pointer select-none font-semibold text-brand-700 underline-offset-4 hover:underline">
        {changes.mode === 'changed' ? copy.changes.show : changes.mode === 'created' ? copy.changes.created : copy.changes.removed} ({count})
      </summary>
      {changes.mode === 'changed' ? (
        <dl className="mt-2 grid gap-2">
          {changes.rows.map((row) => (
            <div key={row.field} className="rounded-md bg-slate-50 p-2">
              <dt className="font-semibold text-ink">{row.label}</dt>
              <dd className="mt-1 grid gap-1 sm:grid-cols-2 sm:gap-3">
                <Value label={copy.changes.before} value={row.before} tone="before" />
                <Value label={copy.changes.after} value={row.after} tone="after" />
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <dl className="mt-2 grid gap-1 rounded-md bg-slate-50 p-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
          {changes.rows.map((row) => (
            <div key={row.field} className="contents">
              <dt className="font-semibold text-ink">{row.label}</dt>
              <dd className="break-words text-slate-700">{row.value ?? <em className="text-slate-600">{copy.changes.empty}</em>}</dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  );
}

function Value({ label, value, tone }: { label: string; value: string | null; tone: 'before' | 'after' }) {
  return (
    <p className={cn('min-w-0 break-words border-l-4 pl-2', tone === 'before' ? 'border-red-300' : 'border-emerald-400')}>
      <span className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}: </span>
      {value ?? <em className="text-slate-600">{copy.changes.empty}</em>}
    </p>
  );
}
