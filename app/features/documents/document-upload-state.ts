import { documentsCopy } from '@content/documents';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The Upload Document dialog's transfer, as a state machine (docs/documents.md, "What the
 * browser does"): idle, one request (up to 100 MB), or a file in parts. Every start is a new
 * `run`; an event of an earlier run (a late progress, the failure of a request the admin
 * stopped) changes nothing, so a closed or cancelled upload never reports. `uploadReducer` is
 * pure; `useDocumentUpload` holds it for the dialog and does what stopping means.
 */

export interface UploadProgressState {
  /** Bytes stored or on their way. */
  bytesUploaded: number;
  /** 0 while unknown (an import whose site has not said). */
  bytesTotal: number;
  /** A file in parts or an import: it has Pause and Resume. */
  parts: boolean;
  paused: boolean;
  offline: boolean;
  /** 'No Internet connection' or 'Connected to the Internet' while it shows. */
  notice: string | null;
  /** An import with no bytes yet: waiting for its turn, or for the other site. */
  waiting?: boolean;
}

/** A file in parts under way (`startMultipartUpload`): `cancel` deletes it on the server, `stop` keeps it for a resume. */
export interface PartsSession {
  pause(): void;
  resume(): void;
  cancel(): Promise<void>;
  stop(): void;
}

export type UploadState =
  | { mode: 'idle'; run: number; progress: null }
  | { mode: 'single'; run: number; progress: UploadProgressState; controller: AbortController }
  /** `session` is null while the Uppy code loads. */
  | { mode: 'parts'; run: number; progress: UploadProgressState; file: File; session: PartsSession | null };

export type UploadAction =
  | { type: 'start-single'; controller: AbortController; bytesTotal: number }
  | { type: 'start-parts'; file: File; bytesUploaded: number }
  | { type: 'attach'; run: number; session: PartsSession }
  | { type: 'progress'; run: number; bytesUploaded: number }
  | { type: 'paused'; run: number; paused: boolean }
  | { type: 'connection'; run: number; online: boolean }
  | { type: 'notice-over'; run: number }
  /** The run is over (done, failed); without `run`, whatever runs is stopped. */
  | { type: 'end'; run?: number };

export const IDLE: UploadState = { mode: 'idle', run: 0, progress: null };

export function isCurrent(state: UploadState, run: number): boolean {
  return state.mode !== 'idle' && state.run === run;
}

// Uppy says when the browser is offline (at once, or within 3 s of starting if it already was).
const progress = (bytesTotal: number, bytesUploaded: number, parts: boolean): UploadProgressState => ({ bytesUploaded, bytesTotal, parts, paused: false, offline: false, notice: null });

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  if (action.type === 'start-single') {
    return { mode: 'single', run: state.run + 1, controller: action.controller, progress: progress(action.bytesTotal, 0, false) };
  }
  if (action.type === 'start-parts') {
    return { mode: 'parts', run: state.run + 1, file: action.file, session: null, progress: progress(action.file.size, action.bytesUploaded, true) };
  }
  if (action.type === 'end') return action.run === undefined || isCurrent(state, action.run) ? { mode: 'idle', run: state.run, progress: null } : state;
  if (state.mode === 'idle' || state.run !== action.run) return state;
  switch (action.type) {
    case 'progress':
      return { ...state, progress: { ...state.progress, bytesUploaded: action.bytesUploaded } };
    case 'attach':
      return state.mode === 'parts' ? { ...state, session: action.session } : state;
    case 'paused':
      return state.mode === 'parts' && state.session ? { ...state, progress: { ...state.progress, paused: action.paused } } : state;
    case 'connection': {
      const notice = action.online ? documentsCopy.upload.backOnline : documentsCopy.upload.offline;
      return state.mode === 'parts' ? { ...state, progress: { ...state.progress, offline: !action.online, notice } } : state;
    }
    case 'notice-over':
      return { ...state, progress: { ...state.progress, notice: null } };
  }
}

/** The back-online notice shows for 3 seconds. */
export const BACK_ONLINE_NOTICE_MS = 3000;

/**
 * The dialog's transfer: the state to render, `dispatch` (answers the new state, so a start
 * knows its run), `isCurrent(run)` for code that awaited, and what the buttons do. Leaving the
 * page stops whatever runs (a file in parts stays on the server for a resume).
 */
export function useDocumentUpload() {
  const [state, setState] = useState<UploadState>(IDLE);
  const latest = useRef(state);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const dispatch = useCallback((action: UploadAction): UploadState => {
    latest.current = uploadReducer(latest.current, action);
    setState(latest.current);
    return latest.current;
  }, []);

  /** Stops whatever runs without deleting anything on the server; answers what ran. */
  const stop = useCallback((): UploadState => {
    const running = latest.current;
    dispatch({ type: 'end' });
    if (running.mode === 'parts') running.session?.stop();
    else if (running.mode === 'single') running.controller.abort();
    return running;
  }, [dispatch]);

  useEffect(() => () => clearTimeout(noticeTimer.current), []);
  useEffect(() => () => void stop(), [stop]);

  return {
    state,
    dispatch,
    stop,
    isCurrent: (run: number) => isCurrent(latest.current, run),
    /** Cancel: stops, and deletes a file in parts on the server; answers that file (null if none was sent in parts). */
    cancel(): File | null {
      const running = latest.current;
      // Not `stop` first: a stopped session forgets its upload, and could no longer delete it.
      if (running.mode !== 'parts' || !running.session) {
        stop();
        return null;
      }
      dispatch({ type: 'end' });
      void running.session.cancel().catch(() => {
        // The server sweeps an unfinished upload after a day anyway.
      });
      return running.file;
    },
    setPaused(paused: boolean) {
      const running = latest.current;
      if (running.mode !== 'parts' || !running.session) return;
      running.session[paused ? 'pause' : 'resume']();
      dispatch({ type: 'paused', run: running.run, paused });
    },
    /** The browser lost or found its connection: the notice, gone 3 s after coming back. */
    connection(run: number, online: boolean) {
      clearTimeout(noticeTimer.current);
      dispatch({ type: 'connection', run, online });
      if (online) noticeTimer.current = setTimeout(() => dispatch({ type: 'notice-over', run }), BACK_ONLINE_NOTICE_MS);
    },
  };
}
