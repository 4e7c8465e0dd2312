import { screenshotComingSoon } from '@content/platforms';
import { ImageIcon } from 'lucide-react';

/** The placeholder of a feature whose screenshot is not ready; same 16:10 box as a screenshot. */
export function ScreenshotComingSoon() {
  return (
    <div className="flex aspect-[16/10] w-full flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 text-slate-600">
      <ImageIcon aria-hidden="true" className="h-10 w-10 text-slate-400" />
      <p className="font-semibold">{screenshotComingSoon}</p>
    </div>
  );
}
