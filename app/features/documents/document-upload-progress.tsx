import { documentsCopy } from '@content/documents';
import { Pause, Play } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { formatSize, formatSizeOf } from './document-upload-size';
import type { UploadProgressState } from './document-upload-state';

/**
 * A transfer's progress in the dialog (docs/documents.md): a bar, "12 MB of 105 MB" (or "3 MB
 * received" while the total is unknown: the bar pulses), and for a file in parts or an import
 * the status line (Paused, waiting, the connection notices) and Pause/Resume.
 */
export function DocumentUploadProgress({
  id,
  label,
  state,
  onPause,
  onResume,
}: {
  id: string;
  label: string;
  state: UploadProgressState;
  onPause: () => void;
  onResume: () => void;
}) {
  const copy = documentsCopy.upload;
  const known = state.bytesTotal > 0;
  const percent = known ? Math.min(100, Math.floor((state.bytesUploaded / state.bytesTotal) * 100)) : null;
  const amount = known ? formatSizeOf(state.bytesUploaded, state.bytesTotal) : documentsCopy.importLink.received(formatSize(state.bytesUploaded));
  const status = state.offline ? copy.waitingForConnection : state.paused ? copy.paused : state.waiting ? documentsCopy.importLink.waiting : null;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm text-slate-700">
        <span id={`${id}-label`}>{label}</span>
        <span className="tabular-nums">
          {amount}
          {percent === null ? null : <span aria-hidden="true"> · {percent}%</span>}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={`${percent === null ? '' : `${percent}%, `}${amount}${status ? `, ${status}` : ''}`}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full transition-[width] ${status ? 'bg-slate-500' : 'bg-brand-600'} ${percent === null ? 'animate-pulse' : ''}`}
          style={{ width: `${percent ?? (state.bytesUploaded > 0 ? 100 : 0)}%` }}
        />
      </div>
      {state.parts ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="text-sm text-slate-700">
            {state.notice ? (
              <span className={state.offline ? 'font-semibold text-red-700' : 'font-semibold text-emerald-700'}>{state.notice}</span>
            ) : (
              status
            )}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={state.paused ? onResume : onPause}>
            {state.paused ? <Play aria-hidden="true" className="h-4 w-4" /> : <Pause aria-hidden="true" className="h-4 w-4" />}
            {state.paused ? copy.resume : copy.pause}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
