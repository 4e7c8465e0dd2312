import type { FieldErrors } from '@domain/api-error';

/**
 * Field errors in the editors are keyed by the value's dotted path, as the API's 400 names
 * them (docs/api.md, Site content): `phone.tel`, `2.question`, `associations.1.url`,
 * `home.title`. Each control's id is made from its path, so a message finds its field.
 */
export type PathErrors = FieldErrors;

/** The overview; each editor is `${CONTENT_PATH}/<kind>`. */
export const CONTENT_PATH = '/admin/content';

export function fieldId(path: string): string {
  return `content-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** A list item's path: `2` in the leaders, `associations.1` in the associations. */
export function itemPath(listPath: string | null, index: number): string {
  return listPath ? `${listPath}.${index}` : String(index);
}

export function childPath(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}

/** A new list row's id: stable across reorders, unique enough to key React rows and the diff. */
export function newRowId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
