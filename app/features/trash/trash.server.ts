import type { TrashPage } from '@domain/trash';
import type { AppLoadContext } from 'react-router';
import { TRASH_PAGE_SIZE, type TrashParams, parseTrashParams } from './trash-params';

export type TrashData = TrashParams & { list: TrashPage };

/** The Trash page's data: one page of what was deleted, newest deletion first, of one kind or all. */
export async function loadTrash(context: AppLoadContext, request: Request): Promise<TrashData> {
  const params = parseTrashParams(new URL(request.url).searchParams);
  const { items, total } = await context.services.trash.list(params.kind ?? undefined, params.page, TRASH_PAGE_SIZE);
  return { ...params, list: { items, total, page: params.page, pageSize: TRASH_PAGE_SIZE } };
}
