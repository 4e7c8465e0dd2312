import { trashKindsFor, trashPermission } from '@domain/permissions';
import { TRASH_KINDS, type TrashPage } from '@domain/trash';
import type { AppLoadContext } from 'react-router';
import { requirePermissionInLoader } from '~/lib/admin.server';
import { TRASH_PAGE_SIZE, type TrashParams, parseTrashParams } from './trash-params';

export type TrashData = TrashParams & { list: TrashPage };

/**
 * The Trash page's data: one page of what was deleted, newest deletion first, of one kind or
 * of every kind the admin's role may restore (docs/admin.md, "Roles"); 403 for a kind it may not.
 */
export async function loadTrash(context: AppLoadContext, request: Request): Promise<TrashData> {
  const params = parseTrashParams(new URL(request.url).searchParams);
  const admin = await requirePermissionInLoader(context, params.kind ? trashPermission(params.kind) : 'trash:read');
  const kinds = params.kind ? [params.kind] : trashKindsFor(admin.role, TRASH_KINDS);
  const { items, total } = await context.services.trash.list(kinds, params.page, TRASH_PAGE_SIZE);
  return { ...params, list: { items, total, page: params.page, pageSize: TRASH_PAGE_SIZE } };
}
