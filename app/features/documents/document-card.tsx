import { documentsCopy } from '@content/documents';
import type { DocumentView } from '@domain/documents/types';
import { Download, FileText, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button, buttonClass } from '~/components/ui/button';
import { targetableCard, useHashTarget } from '~/features/knowledge-base/use-hash-target';
import { categoryLabel, formatBytes, formatDate, thumbnailUrl, typeLabel } from './format';

/** At most this many thumbnails on a card; the rest are counted as +N (docs/knowledge-base.md). */
const SHOWN_THUMBNAILS = 3;

/** The id of a document's card, what search hits link to. */
export const documentAnchor = (id: number | string) => `document-${id}`;

export interface DocumentAdminActions {
  onEdit: (document: DocumentView) => void;
  onDelete: (document: DocumentView) => void;
}

/**
 * One document: title, description, date, type and size, a real download link (works
 * without JavaScript), up to three carousel thumbnails and a +N counter that open the viewer.
 */
export function DocumentCard({
  document,
  headingLevel,
  showCategory,
  onOpenImage,
  admin,
}: {
  document: DocumentView;
  headingLevel: 3 | 4;
  showCategory: boolean;
  onOpenImage: (document: DocumentView, index: number) => void;
  /** Present only for a logged-in admin. */
  admin?: DocumentAdminActions;
}) {
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const images = document.carouselImages;
  const hidden = images.length - SHOWN_THUMBNAILS;
  // A search hit links here as #document-<id> (docs/knowledge-base.md, Anchors): the card is marked.
  const anchorId = documentAnchor(document.id);
  const targeted = useHashTarget() === anchorId;
  return (
    <article
      id={anchorId}
      data-targeted={targeted || undefined}
      aria-labelledby={`${id}-title`}
      className={`${targetableCard} flex w-full flex-col self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm`}
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="mt-0.5 grid h-10 w-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-200">
          <FileText className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <Heading id={`${id}-title`} className="text-lg font-bold leading-snug break-words text-ink">
            {document.title}
          </Heading>
          <p className="mt-1 text-xs text-slate-600">
            {documentsCopy.added} <time dateTime={document.createdAt}>{formatDate(document.createdAt)}</time>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {typeLabel(document.mimeType)}, {formatBytes(document.sizeBytes)}
            {showCategory ? (
              <>
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, </span>
                {categoryLabel(document.category)}
              </>
            ) : null}
          </p>
        </div>
      </div>

      {document.description ? <p className="mt-3 text-sm leading-relaxed break-words text-slate-700">{document.description}</p> : null}

      {images.length > 0 ? (
        <ul className="mt-4 grid grid-cols-4 gap-2" aria-label={`${document.title}: images`}>
          {images.slice(0, SHOWN_THUMBNAILS).map((path, index) => (
            <li key={path}>
              <button
                type="button"
                onClick={() => onOpenImage(document, index)}
                aria-label={documentsCopy.openImage(index + 1, images.length)}
                className="block aspect-[4/3] w-full cursor-zoom-in overflow-hidden rounded-md bg-slate-100 ring-1 ring-slate-200 hover:ring-brand-500"
              >
                <img src={thumbnailUrl(path, 280)} alt="" width={280} height={210} loading="lazy" decoding="async" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
          {hidden > 0 ? (
            <li>
              <button
                type="button"
                onClick={() => onOpenImage(document, SHOWN_THUMBNAILS)}
                aria-label={documentsCopy.moreImages(hidden)}
                className="grid aspect-[4/3] w-full cursor-pointer place-items-center rounded-md bg-navy-900 text-sm font-bold text-white hover:bg-navy-800"
              >
                +{hidden}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}

      <div className="mt-auto flex flex-wrap items-center gap-2 pt-5">
        <a href={`/api/documents/download/${document.id}`} download={document.fileName} className={buttonClass('primary', 'sm')}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {documentsCopy.download}
          <span className="sr-only"> {document.title}</span>
        </a>
        {admin ? (
          <>
            <Button variant="outline" size="sm" onClick={() => admin.onEdit(document)}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              {documentsCopy.editButton}
              <span className="sr-only"> {document.title}</span>
            </Button>
            <Button variant="outline" size="sm" onClick={() => admin.onDelete(document)} className="text-red-700 hover:bg-red-50">
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              {documentsCopy.deleteButton}
              <span className="sr-only"> {document.title}</span>
            </Button>
          </>
        ) : null}
      </div>
    </article>
  );
}
