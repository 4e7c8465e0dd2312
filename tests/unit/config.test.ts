import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('configuration from the environment', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.resolve('data', 'site.db') });
    expect(config.logLevel).toBe('info');
  });

  it('derives the default SITE_URL from PORT and keeps only the origin of a given one', () => {
    expect(loadConfig({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ SITE_URL: 'https://www.example.com/some/path/' }).siteUrl).toBe('https://www.example.com');
  });

  it('is built once and cannot be changed after, not even its nested settings', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://mail.internal:587', LEADS_NOTIFY_TO: 'sales@example.com' });
    // The casts stand for code that got hold of the object some other way: the types say readonly too.
    expect(() => {
      (config as { siteUrl: string }).siteUrl = 'http://127.0.0.1:1234';
    }).toThrow(TypeError);
    expect(() => {
      (config.leads as { rateLimitPerMinute: number }).rateLimitPerMinute = 0;
    }).toThrow(TypeError);
    expect(() => {
      (config.leads.notify as { to: string }).to = 'someone@else.example';
    }).toThrow(TypeError);
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.leads.notify?.to).toBe('sales@example.com');
  });

  it('switches to PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://user@db.internal:5432/site' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://user@db.internal:5432/site' });
  });

  it('puts the SQLite file inside DATA_DIR by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/vpv' }).database).toEqual({ dialect: 'sqlite', file: '/srv/vpv/site.db' });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', /PORT="abc": must be a number/],
    ['PORT', '70000', /PORT="70000": must be between 0 and 65535/],
    ['SITE_URL', 'not a url', /SITE_URL="not a url": must be an absolute http\(s\) URL/],
    ['SITE_URL', 'ftp://example.com', /SITE_URL="ftp:\/\/example.com": must start with http/],
    ['DATABASE_URL', 'mysql://localhost/db', /DATABASE_URL=.*must be a postgres:\/\/ URL/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL="loud": must be one of/],
    ['BACKUP_KEEP', '0', /BACKUP_KEEP="0": must be at least 1/],
    ['BACKUP_KEEP', '2.5', /BACKUP_KEEP="2.5": must be a whole number/],
  ])('rejects %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('takes scheduled backups only with BACKUP_DIR: every 24 hours, keeping 14, unless told otherwise', () => {
    expect(loadConfig({}).backup).toBeNull();
    expect(loadConfig({ BACKUP_DIR: 'backups' }).backup).toEqual({ dir: path.resolve('backups'), intervalMs: 24 * 3_600_000, keep: 14 });
    expect(loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_INTERVAL_HOURS: '0.5', BACKUP_KEEP: '3' }).backup).toEqual({
      dir: '/srv/backups',
      intervalMs: 1_800_000,
      keep: 3,
    });
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '6' })).toThrow('BACKUP_INTERVAL_HOURS needs BACKUP_DIR');
    expect(() => loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_INTERVAL_HOURS: '0' })).toThrow(/BACKUP_INTERVAL_HOURS="0": must be more than 0/);
  });
});
