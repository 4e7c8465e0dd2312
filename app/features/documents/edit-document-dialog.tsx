import { documentsCopy } from '@content/documents';
import { documentUpdateSchema, firstIssue } from '@domain/documents/schema';
import type { DocumentView } from '@domain/documents/types';
import { ImagePlus, X } from 'lucide-react';
import { type FormEvent, Suspense, lazy, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent } from '~/components/ui/dialog';
import { toast } from '~/lib/toast';
import { type DocumentFieldName, type DocumentFieldValues, DocumentFields } from './document-fields';
import { failureMessage, updateDocument } from './document-api';
import { thumbnailUrl } from './format';

// Uppy and its styles load only when an admin opens the uploader; visitors never fetch them.
const CarouselUploader = lazy(() => import('./carousel-uploader'));

/**
 * Edit a document (SPEC §5): title (required), description (empty → null), category, and its
 * carousel images: remove any, or add new ones through the uploader. Each uploaded image is
 * added to the document at once; the other changes are saved with Save Changes.
 */
export function EditDocumentDialog({
  document,
  onClose,
  onChanged,
}: {
  document: DocumentView | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  return (
    <Dialog open={document !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {document ? (
        <DialogContent title={documentsCopy.edit.title} description={documentsCopy.edit.description} className="sm:max-w-2xl">
          <EditForm key={document.id} document={document} onClose={onClose} onChanged={onChanged} />
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
  const [images, setImagesState] = useState<string[]>(document.carouselImages);
  // Read at save time, after pending appends: the state in a closure could be one image behind.
  const latestImages = useRef(images);
  const setImages = (change: (list: string[]) => string[]) => {
    latestImages.current = change(latestImages.current);
    setImagesState(latestImages.current);
  };
  const [invalid, setInvalid] = useState<DocumentFieldName | null>(null);
  const [pending, setPending] = useState(false);
  const [uploaderOpen, setUploaderOpen] = useState(false);
  // What the server has: an uploaded image is appended to this, not to unsaved edits.
  const saved = useRef(document);
  const appends = useRef<Promise<void>>(Promise.resolve());

  function addImage(objectPath: string) {
    // One at a time, so images finishing together do not overwrite each other's append.
    appends.current = appends.current.then(async () => {
      const current = saved.current;
      try {
        saved.current = await updateDocument(current.id, {
          title: current.title,
          description: current.description,
          category: current.category,
          carouselImages: [...current.carouselImages, objectPath],
        });
        setImages((list) => [...list, objectPath]);
        toast({ title: documentsCopy.toasts.imageUploaded, description: documentsCopy.toasts.imageAdded });
        onChanged();
      } catch (error) {
        toast({ title: documentsCopy.toasts.updateFailed, description: failureMessage(error, documentsCopy.toasts.updateFailed), variant: 'destructive' });
      }
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await appends.current;
    const parsed = documentUpdateSchema.safeParse({ ...values, carouselImages: latestImages.current });
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
      const updated = await updateDocument(document.id, parsed.data);
      toast({ title: documentsCopy.toasts.updated, description: updated.title });
      onChanged();
      onClose();
    } catch (error) {
      toast({ title: documentsCopy.toasts.updateFailed, description: failureMessage(error, documentsCopy.toasts.updateFailed), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <fieldset disabled={pending} className="grid gap-4">
        <DocumentFields idPrefix={id} values={values} onChange={setValues} invalid={invalid} />
      </fieldset>

      <section aria-labelledby={`${id}-images`} className="rounded-lg border border-slate-200 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`${id}-images`} className="text-sm font-semibold text-ink">
            {copy.imagesHeading}
          </h3>
          <Button variant="outline" size="sm" onClick={() => setUploaderOpen((open) => !open)} aria-expanded={uploaderOpen}>
            <ImagePlus aria-hidden="true" className="h-4 w-4" />
            {uploaderOpen ? copy.hideUploader : copy.addImages}
          </Button>
        </div>
        {images.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{copy.imagesNone}</p>
        ) : (
          <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5">
            {images.map((path, index) => (
              <li key={path} className="relative">
                <img
                  src={thumbnailUrl(path, 280)}
                  alt={documentsCopy.imageAlt(document.title, index + 1, images.length)}
                  className="aspect-[4/3] w-full rounded-md object-cover ring-1 ring-slate-200"
                />
                <button
                  type="button"
                  onClick={() => setImages((list) => list.filter((item) => item !== path))}
                  aria-label={copy.removeImage(index + 1)}
                  className="absolute right-1 top-1 grid h-7 w-7 cursor-pointer place-items-center rounded-full bg-white/95 text-red-700 shadow ring-1 ring-slate-300 hover:bg-red-50"
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {uploaderOpen ? (
          <div className="mt-4">
            <Suspense fallback={<p role="status" className="text-sm text-slate-600">{copy.uploaderLoading}</p>}>
              <CarouselUploader onAccepted={addImage} />
            </Suspense>
          </div>
        ) : null}
      </section>

      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onClose} disabled={pending}>
          {copy.cancel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? copy.saving : copy.save}
        </Button>
      </div>
    </form>
  );
}
