import { site } from '@content/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../helpers/server.ts';

/**
 * View Inventory follows EQUIPMENT_STORE_URL (issue 16): a deployment points it at the real
 * rental store without a code change; unset, it keeps content/site.ts's address. The root
 * loader sends the address with the page, so the hydrated link agrees with the HTML.
 */
const storeUrl = 'https://rentals.vpv.example/inventory?fleet=lng';
let configured: TestServer;
let plain: TestServer;
beforeAll(async () => {
  [configured, plain] = await Promise.all([startTestServer('sqlite', { EQUIPMENT_STORE_URL: storeUrl }), startTestServer('sqlite')]);
});
afterAll(async () => {
  await Promise.all([configured?.close(), plain?.close()]);
});

/** The href of every View Inventory link in a page's HTML. */
async function viewInventoryHrefs(server: TestServer, path: string): Promise<string[]> {
  const html = await (await fetch(`${server.url}${path}`)).text();
  const links = [...html.matchAll(/<a href="([^"]*)"[^>]*>View Inventory</g)];
  return links.map((match) => (match[1] ?? '').replaceAll('&amp;', '&'));
}

describe('View Inventory', () => {
  it.each(['/vpv-lease', '/vpv-lease-sandbox'])('on %s goes to EQUIPMENT_STORE_URL when it is set', async (path) => {
    const hrefs = await viewInventoryHrefs(configured, path);
    expect(hrefs.length).toBeGreaterThan(0);
    expect(new Set(hrefs)).toEqual(new Set([storeUrl]));
    const html = await (await fetch(`${configured.url}${path}`)).text();
    expect(html).not.toContain(site.rentalStoreUrl);
    // The browser gets the same address in the root loader data, for hydration.
    expect(html).toContain('equipmentStoreUrl');
  });

  it.each(['/vpv-lease', '/vpv-lease-sandbox'])('on %s keeps the address in content/site.ts when it is unset', async (path) => {
    const hrefs = await viewInventoryHrefs(plain, path);
    expect(hrefs.length).toBeGreaterThan(0);
    expect(new Set(hrefs)).toEqual(new Set([site.rentalStoreUrl]));
  });
});
