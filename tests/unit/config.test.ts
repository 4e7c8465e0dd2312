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

  it('sends CDN purges only with CDN_PURGE, to the CDN it names, with that CDN\'s settings', () => {
    expect(loadConfig({}).cdnPurge).toBeNull();
    expect(loadConfig({ CDN_PURGE: 'varnish', VARNISH_PURGE_URL: 'http://127.0.0.1:6081, http://10.0.0.7:6081/' }).cdnPurge).toEqual({
      kind: 'varnish',
      delayMs: 2000,
      urls: ['http://127.0.0.1:6081', 'http://10.0.0.7:6081/'],
    });
    expect(loadConfig({ CDN_PURGE: 'fastly', FASTLY_API_TOKEN: 'token', FASTLY_SERVICE_ID: 'SU1Z0isxPaozGVKXdv0eY', CDN_PURGE_DELAY_MS: '0' }).cdnPurge).toEqual({
      kind: 'fastly',
      delayMs: 0,
      apiUrl: 'https://api.fastly.com',
      serviceId: 'SU1Z0isxPaozGVKXdv0eY',
      token: 'token',
    });
    const zone = '023e105f4ecef8ad9ca31a8372d0c353';
    expect(loadConfig({ CDN_PURGE: 'cloudflare', CLOUDFLARE_API_TOKEN: 'token', CLOUDFLARE_ZONE_ID: zone, CLOUDFLARE_API_URL: 'http://127.0.0.1:9/v4/' }).cdnPurge).toEqual({
      kind: 'cloudflare',
      delayMs: 2000,
      apiUrl: 'http://127.0.0.1:9/v4',
      zoneId: zone,
      token: 'token',
    });
    expect(
      loadConfig({ CDN_PURGE: 'cloudfront', CLOUDFRONT_DISTRIBUTION_ID: 'EDFDVBD6EXAMPLE', AWS_ACCESS_KEY_ID: 'AKID', AWS_SECRET_ACCESS_KEY: 'secret' }).cdnPurge,
    ).toEqual({ kind: 'cloudfront', delayMs: 2000, distributionId: 'EDFDVBD6EXAMPLE', endpoint: null, credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' } });
  });

  it.each<[Record<string, string>, RegExp]>([
    [{ CDN_PURGE: 'akamai' }, /CDN_PURGE="akamai": must be one of varnish, fastly, cloudflare, cloudfront/],
    [{ CDN_PURGE: 'varnish' }, /CDN_PURGE=varnish needs VARNISH_PURGE_URL/],
    [{ CDN_PURGE: 'fastly', FASTLY_SERVICE_ID: 'abc' }, /CDN_PURGE=fastly needs FASTLY_API_TOKEN/],
    [{ CDN_PURGE: 'cloudflare' }, /CDN_PURGE=cloudflare needs CLOUDFLARE_API_TOKEN and CLOUDFLARE_ZONE_ID/],
    [{ CDN_PURGE: 'cloudfront' }, /CDN_PURGE=cloudfront needs CLOUDFRONT_DISTRIBUTION_ID/],
    [{ VARNISH_PURGE_URL: 'http://127.0.0.1:6081' }, /VARNISH_PURGE_URL needs CDN_PURGE=varnish/],
    [{ CDN_PURGE: 'varnish', VARNISH_PURGE_URL: 'http://127.0.0.1:6081', FASTLY_API_TOKEN: 'x' }, /FASTLY_API_TOKEN needs CDN_PURGE=fastly/],
    [{ CDN_PURGE: 'varnish', VARNISH_PURGE_URL: 'varnish.internal:6081' }, /VARNISH_PURGE_URL="varnish.internal:6081": must be one http\(s\) URL/],
    [{ CDN_PURGE: 'cloudflare', CLOUDFLARE_API_TOKEN: 'x', CLOUDFLARE_ZONE_ID: 'example.com' }, /CLOUDFLARE_ZONE_ID="example.com": must be a Cloudflare zone id/],
    [{ CDN_PURGE: 'cloudfront', CLOUDFRONT_DISTRIBUTION_ID: 'd111111abcdef8.cloudfront.net' }, /must be a CloudFront distribution id/],
    [{ CDN_PURGE_DELAY_MS: '-1' }, /CDN_PURGE_DELAY_MS="-1": must be 0 \(at once\) or more/],
  ])('refuses the CDN purge settings %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never repeats a CDN API token in its messages', () => {
    expect(() => loadConfig({ CDN_PURGE: 'fastly', FASTLY_API_TOKEN: ' ', FASTLY_SERVICE_ID: 'abc' })).toThrow(/FASTLY_API_TOKEN=\(hidden\)/);
  });
});
