import { contentEditorCopy as copy } from '@content/admin-content';
import type { ContentChange, ContentVersionSummary, SiteContentKind } from '@domain/site-content/types';
import { ChevronDown, History } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { failureNotice } from '~/lib/api';
import { cn } from '~/lib/cn';
import { toast } from '~/lib/toast';
import { formatUtc } from '~/lib/utc-time';
import { ConfirmDialog } from './confirm-dialog';
import { listVersions } from './content-api';
import type { ContentEditor } from './use-content-editor';

/** Values longer than this are cut in the list (the version itself keeps them whole). */
const SHOWN_VALUE_LENGTH = 300;

/**
 * Every published version of this content, newest first, with what changed against the one
 * before (docs/staff-editing.md, History). Restore publishes an old version again as a new one.
 * The list loads when opened, and again after each publish or restore.
 */
export function HistoryPanel<K extends SiteContentKind>({ editor }: { editor: ContentEditor<K> }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<ContentVersionSummary[] | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const { kind } = editor;
  const liveVersion = editor.state.publishedVersion;

  useEffect(() => {
    if (!open) return;
    let current = true;
    listVersions(kind).then(
      (list) => {
        if (current) setItems(list);
      },
      (error: unknown) => {
        if (!current) return;
        setItems([]);
        toast({ title: copy.toasts.historyFailed, description: failureNotice(error, copy.toasts.historyFailed), variant: 'destructive' });
      },
    );
    return () => {
      current = false;
    };
  }, [open, kind, liveVersion]);

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-12 border-t border-slate-200 pt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="flex items-center gap-2 text-xl font-bold text-ink">
          <History aria-hidden="true" className="h-5 w-5" />
          {copy.history.heading}
        </h2>
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls={`${id}-list`} onClick={() => setOpen((shown) => !shown)}>
          <ChevronDown aria-hidden="true" className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} />
          {open ? copy.history.hide : copy.history.show}
        </Button>
      </div>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">{copy.history.lead}</p>
      <div id={`${id}-list`} hidden={!open}>
        {!open ? null : items === null ? (
          <p className="mt-4 text-sm text-slate-600" role="status">
            {copy.history.loading}
          </p>
        ) : items.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{copy.history.empty}</p>
        ) : (
          <ol className="mt-4 space-y-4" aria-label={copy.history.heading}>
            {items.map((item) => (
              <li key={item.version}>
                <VersionCard
                  item={item}
                  live={item.version === liveVersion}
                  disabled={editor.pending !== null}
                  onRestore={(event) => {
                    opener.current = event.currentTarget;
                    setConfirming(item.version);
                  }}
                />
              </li>
            ))}
          </ol>
        )}
      </div>

      {confirming !== null ? (
        <ConfirmDialog
          title={copy.history.confirm.title(confirming)}
          description={copy.history.confirm.description(confirming)}
          cancel={copy.history.confirm.cancel}
          confirm={editor.pending === 'restore' ? copy.history.confirm.confirming : copy.history.confirm.confirm}
          pending={editor.pending === 'restore'}
          returnFocusTo={opener}
          onCancel={() => setConfirming(null)}
          onConfirm={async () => {
            await editor.restore(confirming);
            setConfirming(null);
          }}
        >
          {editor.dirty ? <p className="mb-4 text-sm font-medium text-amber-900">{copy.history.unsavedNote}</p> : null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function VersionCard({
  item,
  live,
  disabled,
  onRestore,
}: {
  item: ContentVersionSummary;
  live: boolean;
  disabled: boolean;
  onRestore: (event: { currentTarget: HTMLButtonElement }) => void;
}) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold text-ink">
            {copy.history.version(item.version)}
            {live ? <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">{copy.history.current}</span> : null}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            <time dateTime={item.publishedAt}>{copy.history.meta(formatUtc(item.publishedAt), item.publishedBy)}</time>
            {item.restoredFrom !== null ? <span className="block">{copy.history.restoredFrom(item.restoredFrom)}</span> : null}
          </p>
        </div>
        {live ? null : (
          <Button variant="outline" size="sm" disabled={disabled} onClick={onRestore} aria-label={copy.history.restoreLabel(item.version)}>
            {copy.history.restore}
          </Button>
        )}
      </div>
      {item.changes.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{item.version === 1 ? copy.history.firstVersion : copy.history.noChanges}</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm">
          {item.changes.map((change, index) => (
            <ChangeLine key={`${change.label}-${index}`} change={change} />
          ))}
        </ul>
      )}
    </article>
  );
}

const changeClass: Record<ContentChange['change'], string> = {
  added: 'bg-emerald-100 text-emerald-900',
  removed: 'bg-red-100 text-red-900',
  changed: 'bg-sky-100 text-sky-900',
  moved: 'bg-slate-200 text-slate-800',
};

function ChangeLine({ change }: { change: ContentChange }) {
  const value = (text: string | null) => (text === null || text === '' ? copy.history.empty_value : shorten(text));
  return (
    <li className="rounded-md bg-slate-50 p-2">
      <p className="flex flex-wrap items-baseline gap-2">
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', changeClass[change.change])}>{copy.history.change[change.change]}</span>
        <span className="break-words font-semibold text-ink">{change.label}</span>
      </p>
      {change.change === 'added' ? (
        <p className="mt-1 whitespace-pre-line break-words text-slate-700">{value(change.after)}</p>
      ) : change.change === 'removed' ? (
        <p className="mt-1 whitespace-pre-line break-words text-slate-700">{value(change.before)}</p>
      ) : (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-slate-700">
          <dt className="text-slate-600">{copy.history.before}</dt>
          <dd className="whitespace-pre-line break-words">{value(change.before)}</dd>
          <dt className="text-slate-600">{copy.history.after}</dt>
          <dd className="whitespace-pre-line break-words">{value(change.after)}</dd>
        </dl>
      )}
    </li>
  );
}

function shorten(text: string): string {
  return text.length > SHOWN_VALUE_LENGTH ? `${text.slice(0, SHOWN_VALUE_LENGTH)}…` : text;
}
