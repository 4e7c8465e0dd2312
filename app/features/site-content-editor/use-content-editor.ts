import { contentEditorCopy as copy } from '@content/admin-content';
import type { EditorState, SiteContentData, SiteContentKind } from '@domain/site-content/types';
import { useCallback, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { revalidateAdminChange } from '~/features/admin/admin-change';
import { ApiError, failureNotice, firstFieldErrors } from '~/lib/api';
import { toast } from '~/lib/toast';
import { discardDraft, publish, readContentConflict, restoreVersion, saveDraft } from './content-api';
import type { PathErrors } from './editor-fields';
import { validateContent } from './validate-content';

export type PendingAction = 'draft' | 'publish' | 'discard' | 'restore';

export interface ContentConflict<K extends SiteContentKind> {
  message: string;
  current: EditorState<K>;
}

export interface ContentEditor<K extends SiteContentKind> {
  kind: K;
  /** The content as the server last answered it (revision, published, draft). */
  state: EditorState<K>;
  /** What the form shows and the buttons send. */
  value: SiteContentData[K];
  update: (change: (previous: SiteContentData[K]) => SiteContentData[K]) => void;
  errors: PathErrors;
  setFieldError: (path: string, message: string | null) => void;
  /** Drops the messages at `path` and below (a list reordered: its messages no longer point at the right rows). */
  clearErrorsUnder: (path: string) => void;
  /** Bumped by every failed save, so the error summary takes focus again. */
  errorAttempt: number;
  /** The form differs from the saved draft (or, without one, from what is published). */
  dirty: boolean;
  pending: PendingAction | null;
  conflict: ContentConflict<K> | null;
  saveDraft: () => Promise<void>;
  publish: () => Promise<void>;
  discard: () => Promise<boolean>;
  restore: (version: number) => Promise<boolean>;
  keepMine: () => void;
  useTheirs: () => void;
}

/** What the form starts from: the saved draft, else what is published. */
export function editedValue<K extends SiteContentKind>(state: EditorState<K>): SiteContentData[K] {
  return state.draft ?? state.published;
}

/**
 * One editor's state and its four writes (docs/staff-editing.md): Save draft and Publish
 * check the form with the API's own schema first, and show the API's 400 under the same
 * fields; a 409 (someone else saved since) shows the conflict notice and overwrites nothing.
 */
export function useContentEditor<K extends SiteContentKind>(kind: K, initial: EditorState<K>): ContentEditor<K> {
  const [state, setState] = useState(initial);
  const revalidator = useRevalidator();
  // The header and footer show the company facts from the root's data, which only reloads when asked.
  const companyChanged = () => {
    if (kind === 'company') void revalidateAdminChange(revalidator.revalidate);
  };
  const [value, setValue] = useState<SiteContentData[K]>(() => editedValue(initial));
  const [errors, setErrors] = useState<PathErrors>({});
  const [errorAttempt, setErrorAttempt] = useState(0);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [conflict, setConflict] = useState<ContentConflict<K> | null>(null);
  // The latest value, for a save that ends after more typing: what was typed since is kept.
  const latest = useRef(value);
  latest.current = value;

  const update = useCallback((change: (previous: SiteContentData[K]) => SiteContentData[K]) => {
    setValue((previous) => {
      const next = change(previous);
      latest.current = next;
      return next;
    });
  }, []);

  const setFieldError = useCallback((path: string, message: string | null) => {
    setErrors((previous) => {
      const next = { ...previous };
      if (message) next[path] = message;
      else delete next[path];
      return next;
    });
  }, []);

  const clearErrorsUnder = useCallback((path: string) => {
    setErrors((previous) => {
      const kept = Object.entries(previous).filter(([key]) => !(path === '' || key === path || key.startsWith(`${path}.`)));
      return kept.length === Object.keys(previous).length ? previous : Object.fromEntries(kept);
    });
  }, []);

  /** Takes the server's answer; the form follows it unless more was typed meanwhile. */
  function accept(next: EditorState<K>, sent: SiteContentData[K] | null) {
    setState(next);
    setErrors({});
    setConflict(null);
    if (sent === null || latest.current === sent) {
      const shown = editedValue(next);
      latest.current = shown;
      setValue(shown);
    }
  }

  /** `fields`: whether a 400's field messages name this form's fields (not so for a restored version's). */
  function showFailure(error: unknown, title: string, fields: boolean) {
    const stale = readContentConflict(error, kind);
    if (stale) {
      setConflict({ message: stale.message, current: stale.current });
      return;
    }
    if (fields && error instanceof ApiError && error.status === 400) {
      const fields = firstFieldErrors(error);
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        setErrorAttempt((count) => count + 1);
      }
    }
    toast({ title, description: failureNotice(error, title), variant: 'destructive' });
  }

  /** The browser's check, with the API's schema: nothing is sent while a field is wrong. */
  function checked(): SiteContentData[K] | null {
    const problems = validateContent(kind, value);
    if (Object.keys(problems).length === 0) return value;
    setErrors(problems);
    setErrorAttempt((count) => count + 1);
    toast({ title: copy.toasts.invalid, description: copy.toasts.invalidText, variant: 'destructive' });
    return null;
  }

  async function write(action: PendingAction, run: () => Promise<EditorState<K>>, sent: SiteContentData[K] | null, failed: string): Promise<EditorState<K> | null> {
    setPending(action);
    try {
      const next = await run();
      accept(next, sent);
      return next;
    } catch (error) {
      showFailure(error, failed, sent !== null);
      return null;
    } finally {
      setPending(null);
    }
  }

  return {
    kind,
    state,
    value,
    update,
    errors,
    setFieldError,
    clearErrorsUnder,
    errorAttempt,
    dirty: JSON.stringify(value) !== JSON.stringify(editedValue(state)),
    pending,
    conflict,
    async saveDraft() {
      const data = checked();
      if (!data) return;
      const next = await write('draft', () => saveDraft(kind, state.revision, data), data, copy.toasts.saveFailed);
      if (next) toast({ title: copy.toasts.draftSaved, description: copy.toasts.draftSavedText });
    },
    async publish() {
      const data = checked();
      if (!data) return;
      const next = await write('publish', () => publish(kind, state.revision, data), data, copy.toasts.publishFailed);
      if (!next) return;
      toast({ title: copy.toasts.published, description: copy.toasts.publishedText(next.publishedVersion) });
      companyChanged();
    },
    async discard() {
      const next = await write('discard', () => discardDraft(kind, state.revision), null, copy.toasts.discardFailed);
      if (next) toast({ title: copy.toasts.discarded, description: copy.toasts.discardedText });
      return next !== null;
    },
    async restore(version: number) {
      const next = await write('restore', () => restoreVersion(kind, version, state.revision), null, copy.toasts.restoreFailed);
      if (!next) return false;
      toast({ title: copy.toasts.restored, description: copy.toasts.restoredText(version, next.publishedVersion) });
      companyChanged();
      return true;
    },
    keepMine() {
      if (!conflict) return;
      setState(conflict.current);
      setConflict(null);
    },
    useTheirs() {
      if (!conflict) return;
      accept(conflict.current, null);
    },
  };
}
