import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseAllowHosts } from '../../server/config.ts';
import { ImportRefusal, checkImportUrl, isPublicAddress } from '../../server/services/url-import/fetch-policy.ts';

/**
 * The import-from-link policy's pure parts (docs/decisions/019-url-import-ssrf-policy.md):
 * which addresses count as public, how links are judged before any connection, and how
 * URL_IMPORT_ALLOW_HOSTS is read. No network here: the connect-time check is exercised on
 * loopback by tests/integration/url-import.test.ts.
 */

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.254', 'CGNAT'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['198.18.0.1', 'benchmarking'],
    ['192.0.2.1', 'documentation'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd00::1', 'unique local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:8.8.8.8', 'IPv4-mapped, even of a public address'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['not an address', 'unparsable'],
  ])('%s (%s) is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700::1111'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('checkImportUrl', () => {
  const policy = { allowHosts: ['127.0.0.1:9000', 'files.internal:8080', '[::1]:9001'] };
  const refusal = (url: string) => {
    try {
      checkImportUrl(url, policy);
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(ImportRefusal);
      return (error as Error).message;
    }
  };

  it('refuses a literal inside address in every spelling, unless its host:port is listed', () => {
    for (const url of ['http://127.0.0.1:9001/', 'http://127.1:9001/', 'http://0x7f.0.0.1/', 'http://2130706433/', 'http://017700000001/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]:9000/', 'http://[::ffff:7f00:1]/', 'http://169.254.169.254/latest/meta-data/', 'http://100.64.0.1/', 'https://[fd00::1]/']) {
      expect(refusal(url), url).toMatch(/private, local or reserved/);
    }
    // The same address on a listed port, however it is spelled: it is the same destination.
    expect(refusal('http://127.0.0.1:9000/a.pdf')).toBeNull();
    expect(refusal('http://127.1:9000/a.pdf')).toBeNull();
    expect(refusal('http://[::1]:9001/a.pdf')).toBeNull();
  });

  it('leaves names to the connect-time check, and passes public addresses', () => {
    expect(refusal('http://localhost/a.pdf')).toBeNull();
    expect(refusal('https://partner.example.com/brochure.pdf')).toBeNull();
    expect(refusal('http://8.8.8.8/a.pdf')).toBeNull();
  });

  it('refuses other schemes, credentials, non-links and very long links', () => {
    expect(refusal('ftp://127.0.0.1:9000/a.pdf')).toBe('Only http:// and https:// links can be imported, not ftp://.');
    expect(refusal('file:///etc/passwd')).toBe('Only http:// and https:// links can be imported, not file://.');
    expect(refusal('gopher://127.0.0.1:9000/')).toBe('Only http:// and https:// links can be imported, not gopher://.');
    expect(refusal('http://user:pass@127.0.0.1:9000/')).toMatch(/user name or password/);
    expect(refusal('http://user@files.internal:8080/')).toMatch(/user name or password/);
    expect(refusal('brochure.pdf')).toMatch(/not a valid link/);
    expect(refusal(`https://partner.example.com/${'a'.repeat(2100)}`)).toMatch(/too long/);
  });
});

describe('URL_IMPORT_ALLOW_HOSTS', () => {
  it('is read as normalised host:port pairs', () => {
    expect(parseAllowHosts('Files.Internal:8080, 127.1:9000,[::1]:80')).toEqual(['files.internal:8080', '127.0.0.1:9000', '[::1]:80']);
    expect(loadConfig({ URL_IMPORT_ALLOW_HOSTS: 'files.internal:8080' }).urlImport.allowHosts).toEqual(['files.internal:8080']);
    expect(loadConfig({}).urlImport).toEqual({ allowHosts: [], concurrency: 2, connectTimeoutMs: 10_000, idleTimeoutMs: 30_000 });
  });

  it('refuses entries that are not host:port pairs', () => {
    for (const value of ['files.internal', 'http://files.internal:8080', 'files.internal:0', 'files.internal:70000', 'a:1/b', 'user@host:1']) {
      expect(() => loadConfig({ URL_IMPORT_ALLOW_HOSTS: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ URL_IMPORT_CONCURRENCY: '0' })).toThrow(/URL_IMPORT_CONCURRENCY/);
  });
});
