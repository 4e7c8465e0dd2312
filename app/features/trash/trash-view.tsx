import { trashCopy as copy } from '@content/admin-trash';
import { trashKindsFor } from '@domain/permissions';
import { TRASH_KINDS, type TrashItem, type TrashKind } from '@domain/trash';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '~/components/ui/dialog';
import { AdminPageHeader, PageLinks } from '~/features/admin/admin-nav';
import { failureNotice } from '~/lib/api';
import { cn } from '~/lib/cn';
import { toast } from '~/lib/toast';
import { useAdmin, useCan } from '~/lib/use-admin';
import { deleteForever, restoreFromTrash } from '~/lib/trash-api';
import { formatUtc } from '~/lib/utc-time';
import type { TrashData } from './trash.server';
import { type TrashParams, trashHref } from './trash-params';

/** The admin's Trash (docs/admin.md): a kind filter, the deleted items with Restore and Delete forever, pages. */
export function TrashView({ data }: { data: TrashData }) {
  const params: TrashParams = { kind: data.kind, page: data.page };
  const [purging, setPurging] = useState<TrashItem | null>(null);
  return (
    <div className="container-page py-10 sm:py-12">
      <AdminPageHeader current="/admin/trash" back={copy.backToKnowledgeBase} heading={copy.heading} lead={copy.lead} />
      <KindFilter params={params} />

      {data.list.items.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {data.kind ? copy.emptyKind : copy.empty}
        </p>
      ) : (
        <table className="mt-6 block w-full text-left text-sm sm:table">
          <caption className="sr-only">{copy.heading}</caption>
          <thead className="sr-only sm:not-sr-only sm:table-header-group">
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-4 font-semibold">
                {copy.columns.title}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {copy.columns.kind}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {copy.columns.deleted}
              </th>
              <th scope="col" className="whitespace-nowrap py-2 pr-4 font-semibold">
                {copy.columns.purge}
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                {copy.columns.actions}
              </th>
            </tr>
          </thead>
          <tbody className="block space-y-3 sm:table-row-group sm:space-y-0">
            {data.list.items.map((item) => (
              <TrashRow key={`${item.kind}-${item.id}`} item={item} onPurge={() => setPurging(item)} />
            ))}
          </tbody>
        </table>
      )}

      <PageLinks
        page={data.page}
        total={data.list.total}
        pageSize={data.list.pageSize}
        href={(page) => trashHref({ ...params, page })}
        copy={copy.pagination}
      />
      <PurgeDialog item={purging} onClose={() => setPurging(null)} />
    </div>
  );
}

/** The kinds the admin's role may restore: the server lists only those. */
function KindFilter({ params }: { params: TrashParams }) {
  const admin = useAdmin();
  const options: Array<{ kind: TrashKind | null; label: string }> = [
    { kind: null, label: copy.filters.all },
    ...(admin ? trashKindsFor(admin.role, TRASH_KINDS) : []).map((kind) => ({ kind, label: copy.filters[kind] })),
  ];
  return (
    <nav aria-label="Filter by kind" className="mt-6 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-600">{copy.filterLabel}:</span>
      {options.map((option) => (
        <Link
          key={option.label}
          to={trashHref({ kind: option.kind, page: 1 })}
          aria-current={option.kind === params.kind ? 'page' : undefined}
          className={cn(
            'rounded-full px-3 py-1 font-semibold',
            option.kind === params.kind ? 'bg-navy-900 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200',
          )}
        >
          {option.label}
        </Link>
      ))}
    </nav>
  );
}

/** One deleted item: a table row from 640 px up, a card below (each cell says what it is). */
function TrashRow({ item, onPurge }: { item: TrashItem; onPurge: () => void }) {
  const revalidator = useRevalidator();
  const allowed = useCan();
  const [busy, setBusy] = useState(false);
  const cell = 'block sm:table-cell sm:py-3 sm:pr-4 sm:align-top';

  async function restore() {
    setBusy(true);
    try {
      const restored = await restoreFromTrash(item.kind, item.id);
      toast({ title: copy.restored[item.kind], description: restored.title });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: copy.restoreFailed, description: failureNotice(error, copy.restoreFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <tr className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:p-0 sm:shadow-none">
      <th scope="row" className={cn(cell, 'break-words font-semibold text-ink')}>
        {item.title}
      </th>
      <td className={cn(cell, 'mt-1 text-slate-700 sm:mt-0')}>
        <span className="whitespace-nowrap rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{copy.kinds[item.kind]}</span>
      </td>
      <td className={cn(cell, 'mt-2 text-slate-700 sm:mt-0')}>
        <span className="text-slate-600 sm:hidden">{copy.columns.deleted}: </span>
        {copy.deletedBy(formatUtc(item.deletedAt), item.deletedBy)}
      </td>
      <td className={cn(cell, 'text-slate-700')}>
        <span className="text-slate-600 sm:hidden">{copy.columns.purge}: </span>
        <time dateTime={item.purgeAt}>{item.purgeAt.slice(0, 10)}</time>
      </td>
      <td className={cn(cell, 'mt-3 sm:mt-0 sm:pr-0 sm:text-right')}>
        <span className="inline-flex flex-wrap gap-2 whitespace-nowrap sm:flex-nowrap sm:justify-end">
          {/* Named with the item: a screen reader's list of buttons says which one. */}
          <Button variant="outline" size="sm" onClick={restore} disabled={busy} aria-label={`${copy.restore}: ${item.title}`}>
            {busy ? copy.restoring : copy.restore}
          </Button>
          {/* Delete forever is the Owner's (trash:purge); other roles restore only. */}
          {allowed('trash:purge') ? (
            <Button variant="destructive" size="sm" onClick={onPurge} disabled={busy} aria-label={`${copy.deleteForever}: ${item.title}`}>
              {copy.deleteForever}
            </Button>
          ) : null}
        </span>
      </td>
    </tr>
  );
}

/** Asks before deleting forever; toasts 'Deleted forever' or 'Delete failed' and reloads the list. */
function PurgeDialog({ item, onClose }: { item: TrashItem | null; onClose: () => void }) {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);

  async function confirm() {
    if (!item) return;
    setPending(true);
    try {
      await deleteForever(item.kind, item.id);
      toast({ title: copy.purged, description: item.title });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: copy.purgeFailed, description: failureNotice(error, copy.purgeFailed), variant: 'destructive' });
    } finally {
      setPending(false);
      onClose();
    }
  }

  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {item ? (
        <DialogContent title={copy.confirm.title} description={copy.confirm.description(item.title)}>
          <div className="flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                {copy.confirm.cancel}
              </Button>
            </DialogClose>
            <Button variant="destructive" onClick={confirm} disabled={pending}>
              {pending ? copy.confirm.confirming : copy.confirm.confirm}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
