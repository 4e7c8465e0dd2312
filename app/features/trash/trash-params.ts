import { TRASH_DEFAULT_PAGE_SIZE, type TrashKind, isTrashKind } from '@domain/trash';

/**
 * The Trash page's URL: ?kind=document|glossary|contact|demo&page=N. Parsed forgivingly (a bad
 * value falls back to the default), since people edit URLs by hand.
 */
export const TRASH_PATH = '/admin/trash';
export const TRASH_PAGE_SIZE = TRASH_DEFAULT_PAGE_SIZE;

export interface TrashParams {
  kind: TrashKind | null;
  page: number;
}

export function parseTrashParams(search: URLSearchParams): TrashParams {
  const kind = search.get('kind');
  return { kind: isTrashKind(kind) ? kind : null, page: parsePage(search.get('page')) };
}

export function trashHref(params: TrashParams): string {
  const search = new URLSearchParams();
  if (params.kind) search.set('kind', params.kind);
  if (params.page > 1) search.set('page', String(params.page));
  const query = search.toString();
  return query ? `${TRASH_PATH}?${query}` : TRASH_PATH;
}

/** A page number from the URL: a whole number from 1 to 100,000, else 1. */
export function parsePage(raw: string | null): number {
  const page = Number(raw ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
