import { type DashboardKey, dashboardImage } from '@content/dashboards';
import { screenshotFullSizeLabel } from '@content/platforms';
import { ExternalLink, Maximize2, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { DashboardPicture, dashboardSrc } from './dashboard-picture';

/**
 * A screenshot that opens enlarged in a modal. Radix gives the focus trap, Escape,
 * backdrop click (a pointer-down outside the content) and focus return to the thumbnail.
 * The content is sized so the whole image fits: at most 1200 px, the viewport width, or
 * what 90% of the viewport height allows at the image's 16:10 ratio.
 */
export function ScreenshotDialog({ shot, title, sizes }: { shot: DashboardKey; title: string; sizes: string }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger
        aria-label={`Enlarge the ${title} screenshot`}
        className="group relative block w-full cursor-zoom-in overflow-hidden rounded-xl bg-navy-950 shadow-lg ring-1 ring-slate-900/10 transition hover:shadow-xl"
      >
        <DashboardPicture shot={shot} sizes={sizes} className="transition-transform duration-300 group-hover:scale-[1.015]" />
        <span className="absolute bottom-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-white/95 px-3 py-1.5 text-xs font-semibold text-navy-900 shadow-md">
          <Maximize2 aria-hidden="true" className="h-3.5 w-3.5" />
          Enlarge
        </span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/85 backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 w-[min(calc(100vw_-_2rem),_76rem,_calc((90vh_-_5.5rem)_*_1.6_+_2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-navy-900 p-4 shadow-2xl ring-1 ring-white/10 focus:outline-none"
        >
          <div className="mb-3 flex items-center justify-between gap-4">
            <Dialog.Title className="text-base font-semibold text-white">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded-md p-2 text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-brand-200"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <div className="overflow-hidden rounded-lg">
            <DashboardPicture shot={shot} sizes={`(min-width: 78rem) ${dashboardImage.width}px, calc(100vw - 4rem)`} loading="eager" />
          </div>
          {/* On a phone the enlarged view is still small: the full image in a tab can be pinch-zoomed. */}
          <a
            href={dashboardSrc(shot, dashboardImage.width, 'webp')}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-200 underline underline-offset-4 sm:hidden"
          >
            {screenshotFullSizeLabel}
            <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
