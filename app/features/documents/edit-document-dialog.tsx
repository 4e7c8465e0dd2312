import { documentsCopy } from '@content/documents';
import { documentUpdateSchema, firstIssue } from '@domain/documents/schema';
import type { DocumentView } from '@domain/documents/types';
import { ArrowDown, ArrowUp, ImagePlus, X } from 'lucide-react';
import { type FormEvent, type ReactNode, Suspense, lazy, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { ConflictNotice } from '~/components/ui/conflict-notice';
import { Dialog, DialogContent } from '~/components/ui/dialog';
import { toast } from '~/lib/toast';
import { type DocumentFieldName, type DocumentFieldValues, DocumentFields } from './document-fields';
import { failureNotice } from '~/lib/api';
import { cn } from '~/lib/cn';
import { type EditConflict, readConflict } from '~/lib/edit-conflict';
import { updateDocument } from './document-api';
import type { DocumentDialogProps } from './delete-document-dialog';
import { thumbnailUrl } from './format';

// Uppy and its styles load only when an admin opens the uploader; visitors never fetch them.
const CarouselUploader = lazy(() => import('./carousel-uploader'));

/** The 409's `current`: the document as the admin API gives it; the form needs these of it. */
type CurrentDocument = Pick<DocumentView, 'title' | 'description' | 'category' | 'carouselImages' | 'version'>;

/**
 * Edit a document (docs/knowledge-base.md): title (required), description (empty → null), category, and its
 * carousel images: add new ones through the uploader, put them in order, remove any. Nothing
 * reaches the document before Save Changes, which sends the whole list (PUT
 * /api/documents/{id}); Cancel leaves the document as it was. Images uploaded but
 * never saved are removed by the server's upload sweep. Save sends the version the dialog
 * opened; when someone saved the document since, the dialog says so and offers to keep what
 * was typed or take their version (docs/admin.md, Edit conflicts).
 */
export function EditDocumentDialog({ document, onClose, onDone }: DocumentDialogProps) {
  return (
    <Dialog open={document !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {document ? (
        <DialogContent title={documentsCopy.edit.title} description={documentsCopy.edit.description} className="sm:max-w-[52.5rem]">
          <EditForm key={document.id} document={document} onClose={onClose} onChanged={onDone} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function EditForm({ document, onClose, onChanged }: { document: DocumentView; onClose: () => void; onChanged: () => void }) {
  const id = useId();
  const copy = documentsCopy.edit;
  const [values, setValues] = useState<DocumentFieldValues>({
    title: document.title,
    description: document.description ?? '',
    category: document.category,
  });
  const [images, setImages] = useState<string[]>(document.carouselImages);
  // What the edit is based on: the document opened, or the version taken from a conflict.
  const [base, setBase] = useState<CurrentDocument>(document);
  const [conflict, setConflict] = useState<EditConflict<CurrentDocument> | null>(null);
  const [invalid, setInvalid] = useState<DocumentFieldName | null>(null);
  const [pending, setPending] = useState(false);
  const [uploaderOpen, setUploaderOpen] = useState(false);
  const [uploading, setUploading] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading) return;
    const parsed = documentUpdateSchema.safeParse({ ...values, carouselImages: images });
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0] === 'category' ? 'category' : 'title';
      setInvalid(field);
      toast({ title: documentsCopy.toasts.validation, description: firstIssue(parsed.error, 'Invalid document'), variant: 'destructive' });
      globalThis.document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    setInvalid(null);
    setPending(true);
    try {
      const updated = await updateDocument(document.id, parsed.data, base.version);
      toast({ title: documentsCopy.toasts.updated, description: updated.title });
      onChanged();
      onClose();
    } catch (error) {
      const stale = readConflict<CurrentDocument>(error);
      if (stale) {
        // The notice in the dialog says it all (role=alert); what was typed stays until the admin chooses.
        setConflict(stale);
        return;
      }
      toast({ title: documentsCopy.toasts.updateFailed, description: failureNotice(error, documentsCopy.toasts.updateFailed), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  function keepMine() {
    if (!conflict) return;
    setBase({ ...base, version: conflict.current.version });
    setConflict(null);
    focusTitle();
  }

  function useTheirs() {
    if (!conflict) return;
    const current = conflict.current;
    setBase(current);
    setValues({ title: current.title, description: current.description ?? '', category: current.category });
    setImages(current.carouselImages);
    setInvalid(null);
    setConflict(null);
    focusTitle();
  }

  // The chosen button goes away with the notice; focus stays in the dialog, on the first field.
  function focusTitle() {
    requestAnimationFrame(() => globalThis.document.getElementById(`${id}-title`)?.focus());
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {conflict ? <ConflictNotice message={conflict.message} onKeepMine={keepMine} onUseTheirs={useTheirs} /> : null}
      <fieldset disabled={pending} className="grid gap-4">
        <DocumentFields idPrefix={id} values={values} onChange={setValues} invalid={invalid} />
      </fieldset>

      <section aria-labelledby={`${id}-images`} aria-describedby={`${id}-images-note`} className="min-w-0 rounded-lg border border-slate-200 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`${id}-images`} className="text-sm font-semibold text-ink">
            {copy.imagesHeading}
          </h3>
          <Button variant="outline" size="sm" onClick={() => setUploaderOpen((open) => !open)} aria-expanded={uploaderOpen}>
            <ImagePlus aria-hidden="true" className="h-4 w-4" />
            {uploaderOpen ? copy.hideUploader : copy.addImages}
          </Button>
        </div>
        <p id={`${id}-images-note`} className="mt-1 text-xs text-slate-600">
          {copy.imagesSaveNote}
        </p>
        {images.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{copy.imagesNone}</p>
        ) : (
          <ImageOrder
            labelledBy={`${id}-images`}
            images={images}
            saved={base.carouselImages}
            title={values.title || document.title}
            onChange={setImages}
            disabled={pending}
          />
        )}
        {uploaderOpen ? (
          <div className="mt-4">
            <Suspense fallback={<p role="status" className="text-sm text-slate-600">{copy.uploaderLoading}</p>}>
              <CarouselUploader
                onAccepted={(paths) => setImages((list) => [...list, ...paths.filter((path) => !list.includes(path))])}
                onBusyChange={setUploading}
              />
            </Suspense>
          </div>
        ) : null}
      </section>

      {uploading ? (
        <p role="status" className="text-right text-sm text-slate-600">
          {copy.waitForUploads}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onClose} disabled={pending}>
          {copy.cancel}
        </Button>
        <Button type="submit" disabled={pending || uploading || conflict !== null}>
          {pending ? copy.saving : copy.save}
        </Button>
      </div>
    </form>
  );
}

/**
 * The carousel images in their order, each with Move earlier, Move later and Remove. An image
 * not yet saved says so. Focus follows a moved image, so the keyboard can keep moving it.
 */
function ImageOrder({
  labelledBy,
  images,
  saved,
  title,
  onChange,
  disabled,
}: {
  labelledBy: string;
  images: string[];
  saved: readonly string[];
  title: string;
  onChange: (images: string[]) => void;
  disabled: boolean;
}) {
  const copy = documentsCopy.edit;
  const listId = useId();

  function move(from: number, to: number) {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    if (moved === undefined) return;
    next.splice(to, 0, moved);
    onChange(next);
    const direction = to < from ? 'up' : 'down';
    // The same button on the moved image, or its other one at either end of the list.
    requestAnimationFrame(() => {
      const item = globalThis.document.getElementById(`${listId}-${to}`);
      const button =
        item?.querySelector<HTMLButtonElement>(`button[data-move="${direction}"]:not(:disabled)`) ??
        item?.querySelector<HTMLButtonElement>('button[data-move]:not(:disabled)');
      button?.focus();
    });
  }

  return (
    <ol aria-labelledby={labelledBy} className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
      {images.map((path, index) => {
        const position = index + 1;
        const isNew = !saved.includes(path);
        return (
          <li key={path} id={`${listId}-${index}`} className="grid gap-1.5">
            <div className="relative">
              <img
                src={thumbnailUrl(path, 280)}
                alt={documentsCopy.imageAlt(title, position, images.length) + (isNew ? `, ${copy.imageNotSavedLabel}` : '')}
                className="aspect-[4/3] w-full rounded-md object-cover ring-1 ring-slate-200"
              />
              {isNew ? (
                <span aria-hidden="true" className="absolute left-1 top-1 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                  {copy.imageNotSaved}
                </span>
              ) : null}
            </div>
            <div className="flex justify-center gap-1">
              <IconButton label={copy.moveImageUp(position)} data-move="up" disabled={disabled || index === 0} onClick={() => move(index, index - 1)}>
                <ArrowUp aria-hidden="true" className="h-4 w-4" />
              </IconButton>
              <IconButton
                label={copy.moveImageDown(position)}
                data-move="down"
                disabled={disabled || index === images.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDown aria-hidden="true" className="h-4 w-4" />
              </IconButton>
              <IconButton label={copy.removeImage(position)} disabled={disabled} danger onClick={() => onChange(images.filter((item) => item !== path))}>
                <X aria-hidden="true" className="h-4 w-4" />
              </IconButton>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function IconButton({
  label,
  danger,
  children,
  ...props
}: { label: string; danger?: boolean; children: ReactNode; disabled?: boolean; onClick: () => void; 'data-move'?: 'up' | 'down' }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cn(
        'grid h-8 w-8 cursor-pointer place-items-center rounded-md bg-white shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40',
        danger ? 'text-red-700 hover:bg-red-50' : 'text-ink',
      )}
      {...props}
    >
      {children}
    </button>
  );
}
