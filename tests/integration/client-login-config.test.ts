import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../helpers/server.ts';

/**
 * The server side of Client Log In: a configured sign-in URL reaches the page's root loader
 * data (the header renders its links from there; tests/e2e/client-login.spec.ts checks the
 * rendered links in a browser).
 */
const marketUrl = 'https://market.vpv.example/sign-in';
let configured: TestServer;
let plain: TestServer;
beforeAll(async () => {
  [configured, plain] = await Promise.all([
    startTestServer('sqlite', { MARKET_APP_URL: marketUrl }),
    startTestServer('sqlite'),
  ]);
});
afterAll(async () => {
  await Promise.all([configured?.close(), plain?.close()]);
});

describe('client sign-in URLs in the page', () => {
  it('sends a configured MARKET_APP_URL to the browser with the page', async () => {
    const html = await (await fetch(`${configured.url}/leadership`)).text();
    expect(html).toContain(marketUrl);
  });

  it('sends no sign-in URL when none is configured', async () => {
    const html = await (await fetch(`${plain.url}/leadership`)).text();
    expect(html).not.toContain('market.vpv.example');
    expect(html).toContain('clientLoginUrls');
  });
});
