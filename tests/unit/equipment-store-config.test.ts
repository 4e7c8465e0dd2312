import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

/** EQUIPMENT_STORE_URL: where View Inventory goes, like MARKET_APP_URL for Client Log In (issue 16). */
describe('the equipment store address from the environment', () => {
  it('is unset by default, so View Inventory keeps the address in content/site.ts', () => {
    expect(loadConfig({}).equipmentStoreUrl).toBeNull();
    expect(loadConfig({ EQUIPMENT_STORE_URL: '' }).equipmentStoreUrl).toBeNull();
  });

  it('keeps the full URL, path and query included', () => {
    expect(loadConfig({ EQUIPMENT_STORE_URL: 'https://rentals.example.com/store/lng?aisle=trailers' }).equipmentStoreUrl).toBe(
      'https://rentals.example.com/store/lng?aisle=trailers',
    );
    expect(loadConfig({ EQUIPMENT_STORE_URL: 'http://10.0.0.5:8080/inventory' }).equipmentStoreUrl).toBe('http://10.0.0.5:8080/inventory');
  });

  it.each([
    ['rentals.example.com', /EQUIPMENT_STORE_URL="rentals.example.com": must be an absolute http\(s\) URL/],
    ['javascript:alert(1)', /EQUIPMENT_STORE_URL="javascript:alert\(1\)": must start with http/],
    ['ftp://rentals.example.com/', /EQUIPMENT_STORE_URL="ftp:\/\/rentals.example.com\/": must start with http/],
  ])('refuses %s with a message naming the variable', (value, message) => {
    expect(() => loadConfig({ EQUIPMENT_STORE_URL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ EQUIPMENT_STORE_URL: value })).toThrow(message);
  });
});
