import { activityCopy } from '@content/admin-activity';
import { type AuditFields, changedFields } from '@domain/audit';

/**
 * A log row's before and after as a readable list (docs/admin.md, Activity): for an edit, the
 * fields that changed with both values; for a new record, its fields; for a removed one, what
 * it held. Values become short text; an empty one is null (the page says "(empty)").
 */
export type ActivityChanges =
  | { mode: 'none' }
  | { mode: 'changed'; rows: Array<{ field: string; label: string; before: string | null; after: string | null }> }
  | { mode: 'created'; rows: Array<{ field: string; label: string; value: string | null }> }
  | { mode: 'removed'; rows: Array<{ field: string; label: string; value: string | null }> };

/** Longer values are cut here, with an ellipsis: the CSV export has them whole. */
export const VALUE_MAX_CHARS = 300;

export function activityChanges(before: AuditFields | null, after: AuditFields | null): ActivityChanges {
  if (before && after) {
    return {
      mode: 'changed',
      rows: changedFields(before, after).map((field) => ({
        field,
        label: fieldLabel(field),
        before: formatValue(before[field]),
        after: formatValue(after[field]),
      })),
    };
  }
  const only = after ?? before;
  if (!only) return { mode: 'none' };
  const rows = Object.keys(only).map((field) => ({ field, label: fieldLabel(field), value: formatValue(only[field]) }));
  return after ? { mode: 'created', rows } : { mode: 'removed', rows };
}

/** A value as one short line: lists of plain values joined with commas, other objects as JSON; null when empty. */
export function formatValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) {
    if (value.length === 0) return null;
    text = value.join(', ');
  } else text = JSON.stringify(value);
  return text.length > VALUE_MAX_CHARS ? `${text.slice(0, VALUE_MAX_CHARS - 1)}…` : text;
}

/** A field's name in words: from content/admin-activity.ts when named there, else `relatedTerms` → "Related terms". */
export function fieldLabel(field: string): string {
  const named = Object.hasOwn(activityCopy.fields, field) ? activityCopy.fields[field] : undefined;
  if (named) return named;
  const words = field
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : field;
}
