import { describe, expect, it } from 'vitest';
import { changedFields } from '../../domain/audit.ts';
import { conflictMessage, conflictTime, parseIfMatch, versionEtag } from '../../domain/versions.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('TRASH_RETENTION_DAYS', () => {
  it('defaults to 30 days and takes a whole number of at least 1', () => {
    expect(loadConfig({}).trashRetentionDays).toBe(30);
    expect(loadConfig({ TRASH_RETENTION_DAYS: '1' }).trashRetentionDays).toBe(1);
    for (const value of ['0', '-3', '1.5', 'soon']) {
      expect(() => loadConfig({ TRASH_RETENTION_DAYS: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ TRASH_RETENTION_DAYS: value }), value).toThrow(/TRASH_RETENTION_DAYS/);
    }
  });
});

describe('AUDIT_RETENTION_DAYS', () => {
  it('keeps every row when unset (or empty) and takes a whole number of days from 1 to 36500', () => {
    expect(loadConfig({}).auditRetentionDays).toBeNull();
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '' }).auditRetentionDays).toBeNull();
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '1' }).auditRetentionDays).toBe(1);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '365' }).auditRetentionDays).toBe(365);
    for (const [value, message] of [
      ['0', 'must be at least 1 day'],
      ['-1', 'must be at least 1 day'],
      ['abc', 'must be a number'],
      ['1.5', 'must be a whole number'],
      ['36501', 'must be at most 36500 days'],
    ]) {
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: value }), value).toThrow(`AUDIT_RETENTION_DAYS="${value}": ${message}`);
    }
  });
});

describe('versions on the wire', () => {
  it('reads a strong ETag as the version; no header or * means none; anything else is malformed (null)', () => {
    expect(parseIfMatch('"3"')).toBe(3);
    expect(parseIfMatch(' "12" ')).toBe(12);
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch('*')).toBeUndefined();
    for (const header of ['3', 'W/"3"', '"0"', '"03"', '"-1"', '"1.5"', '"1", "2"', '""', '"99999999999"', '"2147483648"']) {
      expect(parseIfMatch(header), header).toBeNull();
    }
    expect(parseIfMatch('"2147483647"')).toBe(2_147_483_647);
    expect(versionEtag(7)).toBe('"7"');
  });

  it('says who changed an item and when, in UTC', () => {
    const at = new Date(Date.UTC(2026, 11, 3, 9, 5));
    expect(conflictTime(at)).toBe('09:05, 3 Dec 2026 UTC');
    expect(conflictMessage('maria', at)).toBe('Changed by maria at 09:05, 3 Dec 2026 UTC after you opened it.');
    expect(conflictMessage(null, at)).toBe('Changed by someone at 09:05, 3 Dec 2026 UTC after you opened it.');
  });
});

describe('changed fields of an audit row', () => {
  it('names the fields whose values differ, from either side', () => {
    expect(changedFields({ title: 'A', images: ['x', 'y'], same: 1 }, { title: 'B', images: ['y', 'x'], same: 1, added: true })).toEqual([
      'title',
      'images',
      'added',
    ]);
    expect(changedFields(null, { status: 'handled' })).toEqual(['status']);
    expect(changedFields(null, null)).toEqual([]);
  });
});
