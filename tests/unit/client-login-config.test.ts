import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('client sign-in URLs from the environment', () => {
  it('are unset by default, so Client Log In opens the in-page panel', () => {
    expect(loadConfig({}).clientLoginUrls).toEqual({ market: null, lease: null });
  });

  it('keep the full URL, path included', () => {
    const config = loadConfig({
      MARKET_APP_URL: 'https://market.example.com/sign-in',
      LEASE_APP_URL: 'http://lease.example.com/login?next=/fleet',
    });
    expect(config.clientLoginUrls).toEqual({
      market: 'https://market.example.com/sign-in',
      lease: 'http://lease.example.com/login?next=/fleet',
    });
  });

  it.each([
    ['MARKET_APP_URL', 'market.example.com', /MARKET_APP_URL="market.example.com": must be an absolute http\(s\) URL/],
    ['LEASE_APP_URL', 'javascript:alert(1)', /LEASE_APP_URL="javascript:alert\(1\)": must start with http/],
  ])('rejects %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
