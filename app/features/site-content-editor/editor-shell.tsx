import { contentEditorCopy as copy } from '@content/admin-content';
import type { SiteContentKind } from '@domain/site-content/types';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useBlocker } from 'react-router';
import { Button, buttonClass } from '~/components/ui/button';
import { ConflictNotice } from '~/components/ui/conflict-notice';
import { AdminPageHeader } from '~/features/admin/admin-nav';
import { formatUtc } from '~/lib/utc-time';
import { ConfirmDialog } from './confirm-dialog';
import { CONTENT_PATH, fieldId, type PathErrors } from './editor-fields';
import { HistoryPanel } from './history-panel';
import type { ContentEditor } from './use-content-editor';

/**
 * One editor page (docs/staff-editing.md): the heading, what is published and whether a
 * draft waits, the form, the action bar (Save draft, Publish, Preview, Discard draft) kept in
 * view at the bottom, and the History panel.
 */
export function ContentEditorPage<K extends SiteContentKind>({
  editor,
  previewHref,
  children,
}: {
  editor: ContentEditor<K>;
  /** The page that shows this content, opened with the saved draft. */
  previewHref: string;
  children: ReactNode;
}) {
  const { state, dirty, pending, conflict } = editor;
  const kindCopy = copy.kinds[editor.kind];
  const [discarding, setDiscarding] = useState(false);
  const discardOpener = useRef<HTMLButtonElement>(null);
  const busy = pending !== null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void editor.saveDraft();
  }

  return (
    <div className="container-page py-10 sm:py-12">
      <AdminPageHeader current={CONTENT_PATH} back={copy.backToKnowledgeBase} heading={kindCopy.heading} lead={kindCopy.lead}>
        <Link to={CONTENT_PATH} className={buttonClass('outline', 'sm', 'shrink-0 self-start sm:self-auto')}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {copy.backToOverview}
        </Link>
      </AdminPageHeader>

      <div className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        <p>{copy.status.published(state.publishedVersion, formatUtc(state.publishedAt), state.publishedBy)}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2">
          {state.draft ? (
            <>
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950">{copy.overview.draftPending}</span>
              <span>{copy.status.draft(state.draftUpdatedAt ? formatUtc(state.draftUpdatedAt) : '', state.draftUpdatedBy)}</span>
            </>
          ) : (
            copy.status.noDraft
          )}
        </p>
      </div>

      <form onSubmit={submit} noValidate className="mt-6" aria-label={kindCopy.heading}>
        {conflict ? (
          <div className="mb-6">
            <ConflictNotice message={conflict.message} onKeepMine={editor.keepMine} onUseTheirs={editor.useTheirs} />
          </div>
        ) : null}
        <ErrorSummary errors={editor.errors} attempt={editor.errorAttempt} />

        {children}

        <div className="sticky bottom-0 z-20 -mx-4 mt-8 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-6px_16px_rgba(15,23,42,0.06)] backdrop-blur sm:mx-0 sm:rounded-t-xl sm:border-x">
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" variant="outline" disabled={busy || conflict !== null}>
              {pending === 'draft' ? copy.actions.savingDraft : copy.actions.saveDraft}
            </Button>
            <Button type="button" onClick={() => void editor.publish()} disabled={busy || conflict !== null}>
              {pending === 'publish' ? copy.actions.publishing : copy.actions.publish}
            </Button>
            <a href={previewHref} target="_blank" rel="noopener" className={buttonClass('ghost', 'md')} aria-describedby="content-preview-hint">
              {copy.actions.preview}
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">{copy.actions.opensInNewTab}</span>
            </a>
            {state.draft ? (
              <Button ref={discardOpener} type="button" variant="ghost" onClick={() => setDiscarding(true)} disabled={busy} className="text-red-700 hover:bg-red-50">
                {copy.actions.discard}
              </Button>
            ) : null}
            <p role="status" className="basis-full text-sm font-medium text-amber-900 sm:ml-auto sm:basis-auto">
              {dirty ? copy.status.unsaved : ''}
            </p>
          </div>
          <p id="content-preview-hint" className="mt-1 hidden text-xs text-slate-600 sm:block">
            {copy.actions.previewHint}
          </p>
        </div>
      </form>

      <HistoryPanel editor={editor} />

      {discarding ? (
        <ConfirmDialog
          title={copy.discardDialog.title}
          description={copy.discardDialog.description}
          cancel={copy.discardDialog.cancel}
          confirm={pending === 'discard' ? copy.discardDialog.confirming : copy.discardDialog.confirm}
          destructive
          pending={pending === 'discard'}
          returnFocusTo={discardOpener}
          onCancel={() => setDiscarding(false)}
          onConfirm={async () => {
            await editor.discard();
            setDiscarding(false);
          }}
        />
      ) : null}
      <LeaveGuard dirty={dirty} />
    </div>
  );
}

/**
 * The form's problems in one list at its top, each a link to its field; it takes focus after
 * every refused save, so a screen reader hears what to fix.
 */
function ErrorSummary({ errors, attempt }: { errors: PathErrors; attempt: number }) {
  const box = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const shown = entries.length > 0;

  useEffect(() => {
    if (attempt > 0 && shown) box.current?.focus();
  }, [attempt, shown]);

  if (!shown) return null;
  return (
    <div
      ref={box}
      tabIndex={-1}
      aria-labelledby="content-errors-heading"
      className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 focus:outline-2 focus:outline-offset-2 focus:outline-red-700"
    >
      <h2 id="content-errors-heading" className="font-semibold">
        {copy.errors.heading}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {entries.map(([path, message]) => (
          <li key={path}>
            <a href={`#${fieldId(path)}`} onClick={(event) => focusField(event, path)} className="underline underline-offset-2 hover:no-underline">
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Focuses the field at `path`, or the closest group around it (a list item, the phone). */
function focusField(event: { preventDefault: () => void }, path: string) {
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length -= 1) {
    const element = document.getElementById(fieldId(parts.slice(0, length).join('.')));
    if (!element) continue;
    event.preventDefault();
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
    return;
  }
}

/** Asks before leaving the page (a link, Back, closing the tab) with changes that are not saved. */
function LeaveGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title={copy.leaveDialog.title}
      description={copy.leaveDialog.description}
      cancel={copy.leaveDialog.stay}
      confirm={copy.leaveDialog.leave}
      destructive
      onCancel={() => blocker.reset()}
      onConfirm={() => blocker.proceed()}
    />
  );
}
