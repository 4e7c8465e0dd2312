import type { RestoredItem, TrashKind } from '@domain/trash';
import { apiJson, apiRequest } from './api';

/** The admin API path of one item in the trash; restore is this plus `/restore`. */
export function trashItemApiPath(kind: TrashKind, id: number): string {
  return `/api/admin/trash/${kind}/${id}`;
}

/**
 * The browser's trash calls (docs/admin.md, Trash): the Trash page's, and Undo on the delete
 * toasts of several features. Each throws ApiError on a non-success answer.
 */
export function restoreFromTrash(kind: TrashKind, id: number): Promise<RestoredItem> {
  return apiJson<RestoredItem>('POST', `${trashItemApiPath(kind, id)}/restore`);
}

export async function deleteForever(kind: TrashKind, id: number): Promise<void> {
  await apiRequest('DELETE', trashItemApiPath(kind, id));
}
