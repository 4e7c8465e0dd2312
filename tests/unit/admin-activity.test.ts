import { describe, expect, it } from 'vitest';
import { VALUE_MAX_CHARS, activityChanges, fieldLabel, formatValue } from '~/features/activity/activity-changes';
import { activityCsvHref, activityHref, parseActivityParams } from '~/features/activity/activity-params';
import { parseTrashParams, trashHref } from '~/features/trash/trash-params';
import { readConflict } from '~/lib/edit-conflict';
import { ApiError } from '~/lib/api';

/** The Activity page's before/after list (docs/admin.md, Activity). */
describe('activityChanges', () => {
  it('lists only the fields an edit changed, with both values', () => {
    const before = { term: 'LNG', definition: 'Liquefied natural gas', category: 'lng', synonyms: '' };
    const after = { term: 'LNG', definition: 'Liquefied natural gas, at -162 °C', category: 'lng', synonyms: 'liquid gas' };
    expect(activityChanges(before, after)).toEqual({
      mode: 'changed',
      rows: [
        { field: 'definition', label: 'Definition', before: 'Liquefied natural gas', after: 'Liquefied natural gas, at -162 °C' },
        { field: 'synonyms', label: 'Synonyms', before: null, after: 'liquid gas' },
      ],
    });
  });

  it('counts a field only one side has as changed, and compares lists by their order', () => {
    const changes = activityChanges({ carouselImages: ['/a.png', '/b.png'] }, { carouselImages: ['/b.png', '/a.png'], title: 'New' });
    expect(changes).toEqual({
      mode: 'changed',
      rows: [
        { field: 'carouselImages', label: 'Carousel images', before: '/a.png, /b.png', after: '/b.png, /a.png' },
        { field: 'title', label: 'Title', before: null, after: 'New' },
      ],
    });
  });

  it('says an edit that changed nothing has no rows', () => {
    expect(activityChanges({ status: 'handled' }, { status: 'handled' })).toEqual({ mode: 'changed', rows: [] });
  });

  it('lists a new record’s fields, and a removed record’s as they were', () => {
    expect(activityChanges(null, { title: 'Brochure', description: null })).toEqual({
      mode: 'created',
      rows: [
        { field: 'title', label: 'Title', value: 'Brochure' },
        { field: 'description', label: 'Description', value: null },
      ],
    });
    expect(activityChanges({ status: 'pending' }, null)).toEqual({ mode: 'removed', rows: [{ field: 'status', label: 'Status', value: 'pending' }] });
    expect(activityChanges(null, null)).toEqual({ mode: 'none' });
  });
});

describe('formatValue and fieldLabel', () => {
  it('writes values as one short line', () => {
    expect(formatValue('text')).toBe('text');
    expect(formatValue(42)).toBe('42');
    expect(formatValue(false)).toBe('false');
    expect(formatValue(['a', 'b'])).toBe('a, b');
    expect(formatValue({ kind: 'contact' })).toBe('{"kind":"contact"}');
    expect(formatValue([{ a: 1 }])).toBe('[{"a":1}]');
    for (const empty of [null, undefined, '', []]) expect(formatValue(empty)).toBeNull();
  });

  it('cuts a long value to its limit, ellipsis included', () => {
    const long = formatValue('x'.repeat(5000));
    expect(long).toHaveLength(VALUE_MAX_CHARS);
    expect(long?.endsWith('…')).toBe(true);
    expect(formatValue('y'.repeat(VALUE_MAX_CHARS))).toBe('y'.repeat(VALUE_MAX_CHARS));
  });

  it('turns field names into words', () => {
    expect(fieldLabel('relatedTerms')).toBe('Related terms');
    expect(fieldLabel('carousel_images')).toBe('Carousel images');
    expect(fieldLabel('id')).toBe('Id');
    // Some are named in the content: abbreviations and units.
    expect(fieldLabel('ip')).toBe('IP address');
    expect(fieldLabel('mimeType')).toBe('File type');
    expect(fieldLabel('toString')).toBe('To string');
  });
});

describe('the admin pages’ URLs', () => {
  it('reads the Activity filters forgivingly and writes them back', () => {
    const params = parseActivityParams(new URLSearchParams('admin=alice&kind=glossary&page=3'));
    expect(params).toEqual({ admin: 'alice', kind: 'glossary', page: 3 });
    expect(activityHref(params)).toBe('/admin/activity?admin=alice&kind=glossary&page=3');
    expect(activityCsvHref(params)).toBe('/api/admin/activity.csv?admin=alice&kind=glossary');
    expect(parseActivityParams(new URLSearchParams('admin=%00x&kind=planets&page=-1'))).toEqual({ admin: null, kind: null, page: 1 });
    expect(parseActivityParams(new URLSearchParams(`admin=${'a'.repeat(65)}`)).admin).toBeNull();
    expect(activityHref({ admin: null, kind: null, page: 1 })).toBe('/admin/activity');
    expect(activityCsvHref({ admin: null, kind: null })).toBe('/api/admin/activity.csv');
  });

  it('reads the Trash filter forgivingly and writes it back', () => {
    expect(parseTrashParams(new URLSearchParams('kind=demo&page=2'))).toEqual({ kind: 'demo', page: 2 });
    expect(parseTrashParams(new URLSearchParams('kind=admin&page=1.5'))).toEqual({ kind: null, page: 1 });
    expect(trashHref({ kind: 'glossary', page: 1 })).toBe('/admin/trash?kind=glossary');
    expect(trashHref({ kind: null, page: 4 })).toBe('/admin/trash?page=4');
  });
});

describe('readConflict', () => {
  const conflict = (body: unknown, status = 409) => new ApiError(status, JSON.stringify(body), 'Conflict');

  it('reads the 409 of a stale edit: the message and the item as it is now', () => {
    const current = { id: 7, term: 'LNG', version: 4 };
    expect(readConflict(conflict({ message: 'Changed by bob at 14:05, 3 Dec 2026 UTC after you opened it.', current }))).toEqual({
      message: 'Changed by bob at 14:05, 3 Dec 2026 UTC after you opened it.',
      current,
    });
  });

  it('is null for any other failure', () => {
    expect(readConflict(conflict({ message: 'A term named "LNG" already exists' }))).toBeNull();
    expect(readConflict(conflict({ message: 'x', current: { id: 7 } }))).toBeNull();
    expect(readConflict(conflict({ message: 'x', current: { version: 2 } }, 400))).toBeNull();
    expect(readConflict(new Error('offline'))).toBeNull();
  });
});
