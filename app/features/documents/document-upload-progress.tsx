import { documentsCopy } from '@content/documents';
import { Pause, Play } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { formatSizeOf } from './document-upload-size';

export interface UploadProgressState {
  /** Bytes stored or on their way. */
  bytesUploaded: number;
  bytesTotal: number;
  /** A multipart upload: it has Pause and Resume. */
  parts: boolean;
  paused: boolean;
  offline: boolean;
  /** 'No Internet connection' or 'Connected to the Internet' while it shows. */
  notice: string | null;
}

/**
 * The dialog's progress while a file uploads: a bar, "12 MB of 105 MB", and for a large file
 * the Pause/Resume button and the connection notices (docs/documents.md).
 */
export function DocumentUploadProgress({
  id,
  state,
  onPause,
  onResume,
}: {
  id: string;
  state: UploadProgressState;
  onPause: () => void;
  onResume: () => void;
}) {
  const copy = documentsCopy.upload;
  const percent = state.bytesTotal > 0 ? Math.min(100, Math.floor((state.bytesUploaded / state.bytesTotal) * 100)) : 0;
  const status = state.offline ? copy.waitingForConnection : state.paused ? copy.paused : null;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm text-slate-700">
        <span id={`${id}-label`}>{copy.progress}</span>
        <span>
          <span className="tabular-nums">{formatSizeOf(state.bytesUploaded, state.bytesTotal)}</span>
          <span aria-hidden="true" className="tabular-nums">
            {' '}
            · {percent}%
          </span>
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%, ${formatSizeOf(state.bytesUploaded, state.bytesTotal)}${status ? `, ${status}` : ''}`}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full transition-[width] ${status ? 'bg-slate-500' : 'bg-brand-600'}`}
          style={{ width: `${percent}%` }}
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
          <PauseResumeButton paused={state.paused} onPause={onPause} onResume={onResume} />
        </div>
      ) : null}
    </div>
  );
}

/** Pause while a transfer runs, Resume while it is paused (docs/documents.md): the upload's and the import's. */
export function PauseResumeButton({ paused, onPause, onResume }: { paused: boolean; onPause: () => void; onResume: () => void }) {
  const copy = documentsCopy.upload;
  return paused ? (
    <Button type="button" variant="outline" size="sm" onClick={onResume}>
      <Play aria-hidden="true" className="h-4 w-4" />
      {copy.resume}
    </Button>
  ) : (
    <Button type="button" variant="outline" size="sm" onClick={onPause}>
      <Pause aria-hidden="true" className="h-4 w-4" />
      {copy.pause}
    </Button>
  );
}
