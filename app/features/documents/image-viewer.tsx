import { documentsCopy } from '@content/documents';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent } from '~/components/ui/dialog';
import { thumbnailUrl } from './format';

/**
 * A document's carousel images, one at a time: Previous and Next (buttons or the arrow
 * keys), a position counter read out as it changes, Escape or the close button to leave.
 */
export function ImageViewer({
  title,
  images,
  index,
  onIndexChange,
  onClose,
}: {
  title: string;
  images: string[];
  /** The image shown, or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const total = images.length;
  const current = index === null ? null : Math.min(Math.max(index, 0), total - 1);
  const path = current === null ? undefined : images[current];
  const step = (delta: number) => {
    if (current !== null && total > 0) onIndexChange((current + delta + total) % total);
  };
  // The arrow keys work wherever focus is inside the open viewer (the dialog traps it).
  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
  });
  const open = current !== null;
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') stepRef.current(-1);
      if (event.key === 'ArrowRight') stepRef.current(1);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <Dialog open={current !== null && path !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      {current !== null && path ? (
        <DialogContent title={documentsCopy.viewer.title(title)} className="sm:max-w-4xl">
          <div className="flex flex-col gap-4">
            <div className="flex min-h-[40vh] items-center justify-center rounded-lg bg-slate-900">
              <img
                key={path}
                src={thumbnailUrl(path, 1200)}
                alt={documentsCopy.imageAlt(title, current + 1, total)}
                className="max-h-[65vh] w-auto max-w-full object-contain"
              />
            </div>
            <div className="flex items-center justify-between gap-3">
              <Button variant="outline" onClick={() => step(-1)} disabled={total < 2}>
                <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                {documentsCopy.viewer.previous}
                <span className="sr-only"> {documentsCopy.viewer.noun}</span>
              </Button>
              <p aria-live="polite" className="text-sm font-medium whitespace-nowrap text-slate-700">
                {documentsCopy.viewer.position(current + 1, total)}
              </p>
              <Button variant="outline" onClick={() => step(1)} disabled={total < 2}>
                {documentsCopy.viewer.next}
                <span className="sr-only"> {documentsCopy.viewer.noun}</span>
                <ChevronRight aria-hidden="true" className="h-4 w-4" />
              </Button>
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
