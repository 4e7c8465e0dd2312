import type { LeaderPhotoUpload } from '@domain/site-content/photos';
import type {
  ContentVersionSummary,
  EditorState,
  SiteContentConflictBody,
  SiteContentData,
  SiteContentKind,
} from '@domain/site-content/types';
import { ApiError, apiJson, readApiError } from '~/lib/api';

/**
 * The site content editors' calls (docs/api.md, Site content). Every write names the revision
 * the editor started from; a stale one is a 409 (readContentConflict). Each throws ApiError on
 * a non-success answer.
 */
const base = '/api/admin/content';

export function saveDraft<K extends SiteContentKind>(kind: K, revision: number, data: SiteContentData[K]): Promise<EditorState<K>> {
  return apiJson<EditorState<K>>('PUT', `${base}/${kind}/draft`, { revision, data });
}

export function discardDraft<K extends SiteContentKind>(kind: K, revision: number): Promise<EditorState<K>> {
  return apiJson<EditorState<K>>('DELETE', `${base}/${kind}/draft`, { revision });
}

export function publish<K extends SiteContentKind>(kind: K, revision: number, data: SiteContentData[K]): Promise<EditorState<K>> {
  return apiJson<EditorState<K>>('POST', `${base}/${kind}/publish`, { revision, data });
}

export async function listVersions(kind: SiteContentKind): Promise<ContentVersionSummary[]> {
  return (await apiJson<{ items: ContentVersionSummary[] }>('GET', `${base}/${kind}/versions`)).items;
}

export function restoreVersion<K extends SiteContentKind>(kind: K, version: number, revision: number): Promise<EditorState<K>> {
  return apiJson<EditorState<K>>('POST', `${base}/${kind}/versions/${version}/restore`, { revision });
}

/** Sends the file as it is (its own Content-Type); the server checks, squares and resizes it. */
export async function uploadLeaderPhoto(file: File): Promise<LeaderPhotoUpload> {
  const response = await fetch(`${base}/leader-photos`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  });
  if (!response.ok) throw await readApiError(response);
  return (await response.json()) as LeaderPhotoUpload;
}

/** The 409 of a stale write: the server's message and the content as it is now; null for any other failure. */
export function readContentConflict<K extends SiteContentKind>(error: unknown, kind: K): (Omit<SiteContentConflictBody, 'current'> & { current: EditorState<K> }) | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.json) return null;
  const current = error.json.current;
  if (!isEditorState(current, kind)) return null;
  const changedBy = error.json.changedBy;
  const changedAt = error.json.changedAt;
  return {
    message: error.serverMessage,
    current,
    changedBy: typeof changedBy === 'string' ? changedBy : null,
    changedAt: typeof changedAt === 'string' ? changedAt : '',
  };
}

function isEditorState<K extends SiteContentKind>(value: unknown, kind: K): value is EditorState<K> {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<Record<keyof EditorState, unknown>>;
  return state.kind === kind && typeof state.revision === 'number' && 'published' in state;
}
