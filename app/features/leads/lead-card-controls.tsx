import { inbox as copy } from '@content/leads';
import { LEAD_STATUSES } from '@domain/leads/types';
import { Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { Select } from '~/components/ui/input';
import { apiRequest, failureNotice } from '~/lib/api';
import { toast } from '~/lib/toast';
import { toastDeletedWithUndo } from '~/lib/undo-delete';
import { type InboxStatus, type InboxTab, inboxApiPath } from './inbox-params';

/** The status as a select: a change calls PATCH at once, then reloads the page data so counts, filters and the history stay true. */
export function StatusSelect({ tab, id, status, name }: { tab: InboxTab; id: number; status: InboxStatus; name: string }) {
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
export function DeleteLead({ tab, id, name }: { tab: InboxTab; id: number; name: string }) {
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
