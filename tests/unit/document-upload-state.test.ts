import { describe, expect, it } from 'vitest';
import { IDLE, type PartsSession, type UploadState, isCurrent, uploadReducer } from '~/features/documents/document-upload-state';

/** The Upload Document dialog's transfer state machine: idle, one request, a file in parts. */

const bigFile = new File([new Uint8Array(16)], 'bundle.pdf', { type: 'application/pdf' });
const session: PartsSession = { pause() {}, resume() {}, stop() {}, cancel: async () => {} };

function run(state: UploadState, ...actions: Parameters<typeof uploadReducer>[1][]): UploadState {
  return actions.reduce(uploadReducer, state);
}

describe('uploadReducer', () => {
  it('one request: starts a new run with an empty bar, follows its progress, and ends idle', () => {
    const controller = new AbortController();
    const started = uploadReducer(IDLE, { type: 'start-single', controller, bytesTotal: 2000 });
    expect(started).toMatchObject({ mode: 'single', run: 1, controller });
    expect(started.progress).toEqual({ bytesUploaded: 0, bytesTotal: 2000, parts: false, paused: false, offline: false, notice: null });
    expect(isCurrent(started, 1)).toBe(true);

    const halfway = uploadReducer(started, { type: 'progress', run: 1, bytesUploaded: 1000 });
    expect(halfway.progress?.bytesUploaded).toBe(1000);
    // One request has no Pause and no connection notices.
    expect(run(halfway, { type: 'paused', run: 1, paused: true }, { type: 'connection', run: 1, online: false })).toBe(halfway);

    const done = uploadReducer(halfway, { type: 'end', run: 1 });
    expect(done).toEqual({ mode: 'idle', run: 1, progress: null });
    expect(isCurrent(done, 1)).toBe(false);
  });

  it('ignores whatever an earlier run reports after it was stopped or replaced', () => {
    const first = uploadReducer(IDLE, { type: 'start-single', controller: new AbortController(), bytesTotal: 10 });
    // Closed (no run: whatever runs stops), then a late progress and failure of the stopped request.
    const stopped = uploadReducer(first, { type: 'end' });
    expect(stopped.mode).toBe('idle');
    expect(run(stopped, { type: 'progress', run: 1, bytesUploaded: 5 }, { type: 'end', run: 1 })).toBe(stopped);

    // A new upload: the first run's events still change nothing, and cannot end it.
    const second = uploadReducer(stopped, { type: 'start-parts', file: bigFile, bytesUploaded: 4 });
    expect(second.run).toBe(2);
    expect(isCurrent(second, 1)).toBe(false);
    expect(run(second, { type: 'progress', run: 1, bytesUploaded: 9 }, { type: 'end', run: 1 }, { type: 'attach', run: 1, session })).toBe(second);
  });

  it('a file in parts: starts from the bytes the server has, pauses only once its session is attached', () => {
    const started = uploadReducer(IDLE, { type: 'start-parts', file: bigFile, bytesUploaded: 8 });
    expect(started).toMatchObject({ mode: 'parts', run: 1, file: bigFile, session: null });
    expect(started.progress).toMatchObject({ bytesUploaded: 8, bytesTotal: 16, parts: true, paused: false });
    // Still loading the Uppy code: nothing to pause.
    expect(uploadReducer(started, { type: 'paused', run: 1, paused: true })).toBe(started);

    const attached = uploadReducer(started, { type: 'attach', run: 1, session });
    expect(attached).toMatchObject({ mode: 'parts', session });
    const paused = uploadReducer(attached, { type: 'paused', run: 1, paused: true });
    expect(paused.progress?.paused).toBe(true);
    expect(uploadReducer(paused, { type: 'paused', run: 1, paused: false }).progress?.paused).toBe(false);
  });

  it('offline and back online: the notice, the waiting state, then the notice goes', () => {
    const attached = run(IDLE, { type: 'start-parts', file: bigFile, bytesUploaded: 0 }, { type: 'attach', run: 1, session });
    const offline = uploadReducer(attached, { type: 'connection', run: 1, online: false });
    expect(offline.progress).toMatchObject({ offline: true, notice: 'No Internet connection' });
    const online = uploadReducer(offline, { type: 'connection', run: 1, online: true });
    expect(online.progress).toMatchObject({ offline: false, notice: 'Connected to the Internet' });
    expect(uploadReducer(online, { type: 'notice-over', run: 1 }).progress).toMatchObject({ offline: false, notice: null });
  });

  it('an upload that ends keeps counting runs, so the next one is new', () => {
    const ended = run(IDLE, { type: 'start-parts', file: bigFile, bytesUploaded: 0 }, { type: 'end', run: 1 });
    expect(ended).toEqual({ mode: 'idle', run: 1, progress: null });
    expect(uploadReducer(ended, { type: 'start-single', controller: new AbortController(), bytesTotal: 1 }).run).toBe(2);
  });
});
