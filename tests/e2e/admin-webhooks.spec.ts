import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { e2eWebhookReceiverPort } from '../../playwright.config';
import { loginAsAdmin } from './admin-helpers';
import { axeViolations, expect, test, visit } from './fixtures';

/**
 * The admin's Webhooks page (docs/admin.md, Webhooks) against a loopback receiver: the one
 * private address the e2e server allows (WEBHOOK_ALLOW_HOSTS in playwright.config.ts).
 */
test.describe.configure({ mode: 'serial' });

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

let receiver: http.Server;
const received: Received[] = [];
const receiverBase = `http://127.0.0.1:${e2eWebhookReceiverPort}`;

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
      received.push({ path: req.url ?? '', headers, body: Buffer.concat(chunks).toString('utf8') });
      // /fail… answers 500, everything else 200.
      if (req.url?.startsWith('/fail')) {
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('receiver broke');
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(e2eWebhookReceiverPort, '127.0.0.1', resolve));
  expect((receiver.address() as AddressInfo).port).toBe(e2eWebhookReceiverPort);
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** A toast by its title (not by role: an open modal hides the rest of the page from the accessibility tree). */
const toast = (page: Page, title: string) => page.locator('li[data-variant]').filter({ hasText: title });
const card = (page: Page, url: string) => page.getByRole('article', { name: url, exact: true });
const log = (page: Page, url: string) => page.getByRole('region', { name: `Delivery log: ${url}`, exact: true });
const rows = (region: Locator) => region.locator('tbody tr');

async function addEndpoint(page: Page, url: string, description = ''): Promise<string> {
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await form.getByLabel('URL').fill(url);
  if (description) await form.getByLabel('Description').fill(description);
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'The signing secret' });
  await expect(secretDialog).toBeVisible();
  const secret = await secretDialog.getByLabel('Secret').inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  return secret;
}

/** The `count`th request the receiver got on `path` (1 for the first), once it came. */
async function receivedOn(path: string, count: number): Promise<Received> {
  await expect.poll(() => received.filter((request) => request.path === path).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  const request = received.filter((candidate) => candidate.path === path)[count - 1];
  if (!request) throw new Error(`no request ${count} on ${path}`);
  return request;
}

test('visitors get the login-required page, no-store and noindex', async ({ page }) => {
  const response = await page.goto('/admin/webhooks');
  expect(response?.status()).toBe(401);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin login required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the admin login' })).toHaveAttribute('href', '/knowledge-base');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  expect((await page.request.get('/api/admin/webhooks')).status()).toBe(401);
});

test('an endpoint: the secret once, Send test event, the log, Replay, rotate, edit, disable, delete', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await loginAsAdmin(page);
  const path = `/ok-${Date.now()}`;
  const url = `${receiverBase}${path}`;

  // The admin bar's link leads here.
  await visit(page, '/knowledge-base');
  await page.getByRole('region', { name: 'Admin' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/admin\/webhooks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');

  // Add: the form checks before sending; then the whole secret, once, with Copy.
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await form.getByLabel('URL').fill('ftp://example.com/hook');
  for (const event of ['Contact message received', 'Demo request received', 'Lead status changed']) {
    await expect(form.getByRole('checkbox', { name: new RegExp(event) })).toBeChecked();
    await form.getByRole('checkbox', { name: new RegExp(event) }).uncheck();
  }
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText('Enter a URL starting with https:// or http://.')).toBeVisible();
  await expect(form.getByText('Choose at least one event.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);

  const secret = await addEndpoint(page, url, 'CRM intake (e2e)');
  await expect(toast(page, 'Endpoint added')).toBeVisible();
  const secretDialog = page.getByRole('dialog', { name: 'The signing secret' });
  await secretDialog.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page, 'Secret copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await expect(secretDialog).toHaveCount(0);
  // Never again: the card and the API show only its hint.
  const endpointCard = card(page, url);
  await expect(endpointCard).toContainText('CRM intake (e2e)');
  await expect(endpointCard).toContainText('Enabled');
  await expect(endpointCard).toContainText(`whsec_…${secret.slice(-4)}`);
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  expect(await (await page.request.get('/api/admin/webhooks')).text()).not.toContain(secret);

  // Send test event: it reaches the receiver signed with that secret, and the log says 200.
  await endpointCard.getByRole('button', { name: `Send test event: ${url}` }).click();
  await expect(toast(page, 'Test event sent')).toBeVisible();
  const deliveries = log(page, url);
  await expect(deliveries).toBeVisible();
  const first = await receivedOn(path, 1);
  const body = new Webhook(secret).verify(first.body, first.headers) as { type: string };
  expect(body.type).toBe('webhook.test');
  expect(first.headers['webhook-id']).toMatch(/^msg_test_/);
  await expect(rows(deliveries)).toHaveCount(1);
  await expect(rows(deliveries).first()).toContainText('Delivered', { timeout: 15_000 });
  await expect(rows(deliveries).first()).toContainText('200');
  await expect(rows(deliveries).first()).toContainText('{"received":true}');
  await expect(rows(deliveries).first()).toContainText(String(first.headers['webhook-id']));

  // axe at a phone's width and a desktop's, with the log open.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeViolations(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await axeViolations(page)).toEqual([]);

  // Replay: the same message id again, a new row in the log.
  await rows(deliveries).first().getByRole('button', { name: /^Replay: / }).click();
  await expect(toast(page, 'Delivery replayed')).toBeVisible();
  const again = await receivedOn(path, 2);
  expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
  expect(again.body).toBe(first.body);
  await expect(rows(deliveries)).toHaveCount(2);
  await expect(rows(deliveries).nth(0)).toContainText('Delivered', { timeout: 15_000 });

  // Rotate the secret: Cancel keeps it; then a new secret, and the old one still signs.
  await endpointCard.getByRole('button', { name: `Rotate secret: ${url}` }).click();
  const rotate = page.getByRole('dialog', { name: 'Rotate the secret?' });
  await expect(rotate).toContainText('24 hours');
  await rotate.getByRole('button', { name: 'Cancel' }).click();
  await expect(rotate).toHaveCount(0);
  await endpointCard.getByRole('button', { name: `Rotate secret: ${url}` }).click();
  await rotate.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(secretDialog).toBeVisible();
  const rotated = await secretDialog.getByLabel('Secret').inputValue();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await expect(endpointCard).toContainText(`whsec_…${rotated.slice(-4)}`);
  await expect(endpointCard).toContainText('The previous secret also signs until');
  await endpointCard.getByRole('button', { name: `Send test event: ${url}` }).click();
  const third = await receivedOn(path, 3);
  expect(third.headers['webhook-signature']?.split(' ')).toHaveLength(2);
  expect(() => new Webhook(rotated).verify(third.body, third.headers)).not.toThrow();
  expect(() => new Webhook(secret).verify(third.body, third.headers)).not.toThrow();

  // Edit: a new description, one event fewer; then disable it.
  await endpointCard.getByRole('button', { name: `Edit: ${url}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit webhook endpoint' });
  await expect(edit.getByLabel('URL')).toHaveValue(url);
  await edit.getByLabel('Description').fill('CRM intake, renamed');
  await edit.getByRole('checkbox', { name: /Lead status changed/ }).uncheck();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Endpoint saved')).toBeVisible();
  await expect(endpointCard).toContainText('CRM intake, renamed');
  await expect(endpointCard).not.toContainText('Lead status changed');
  await endpointCard.getByRole('button', { name: `Edit: ${url}` }).click();
  await edit.getByRole('checkbox', { name: 'Enabled (send events to this endpoint)' }).uncheck();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(endpointCard).toContainText('Disabled');
  const listed = (await (await page.request.get('/api/admin/webhooks')).json()) as { items: Array<{ url: string; enabled: boolean; events: string[] }> };
  expect(listed.items.find((item) => item.url === url)).toMatchObject({ enabled: false, events: ['lead.contact_message.created', 'lead.demo_request.created'] });

  // Delete, with confirmation: Cancel keeps it.
  await endpointCard.getByRole('button', { name: `Delete: ${url}` }).click();
  const remove = page.getByRole('dialog', { name: 'Delete this endpoint?' });
  await expect(remove).toContainText(url);
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await expect(endpointCard).toBeVisible();
  await endpointCard.getByRole('button', { name: `Delete: ${url}` }).click();
  await remove.getByRole('button', { name: 'Delete endpoint' }).click();
  await expect(toast(page, 'Endpoint deleted')).toBeVisible();
  await expect(endpointCard).toHaveCount(0);
  await expect(deliveries).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/webhooks$/);
});

test('a receiver answering 500 shows failing; Dismiss clears the badge', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAsAdmin(page);
  const path = `/fail-${Date.now()}`;
  const url = `${receiverBase}${path}`;
  await visit(page, '/admin/webhooks');
  await addEndpoint(page, url);
  await page.getByRole('dialog', { name: 'The signing secret' }).getByRole('button', { name: 'Done' }).click();
  await card(page, url).getByRole('button', { name: `Send test event: ${url}` }).click();
  await receivedOn(path, 1);
  const row = rows(log(page, url)).first();
  await expect(row).toContainText('Failing, retrying', { timeout: 15_000 });
  await expect(row).toContainText('500');
  await expect(row).toContainText('receiver broke');
  await expect(card(page, url)).toContainText('1 delivery failing');
  await row.getByRole('button', { name: /^Dismiss: / }).click();
  await expect(toast(page, 'Failure dismissed')).toBeVisible();
  await expect(card(page, url)).not.toContainText('delivery failing');
  await expect(row).toContainText('dismissed');
  // Stop its retries.
  const listed = (await (await page.request.get('/api/admin/webhooks')).json()) as { items: Array<{ id: number; url: string }> };
  const id = listed.items.find((item) => item.url === url)?.id;
  expect((await page.request.delete(`/api/admin/webhooks/${id}`)).status()).toBe(204);
});

test('a private address is refused with the reason, and nothing is added', async ({ page }) => {
  await loginAsAdmin(page);
  await visit(page, '/admin/webhooks');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await form.getByLabel('URL').fill('http://10.1.2.3/hook');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const message = 'This address is not public. Webhooks go only to public addresses.';
  await expect(form.getByText(message)).toBeVisible();
  await expect(form.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(toast(page, 'Failed to add endpoint')).toContainText(`400: `);
  await expect(page.getByRole('dialog', { name: 'The signing secret' })).toHaveCount(0);
  const listed = (await (await page.request.get('/api/admin/webhooks')).json()) as { items: Array<{ url: string }> };
  expect(listed.items.map((item) => item.url)).not.toContain('http://10.1.2.3/hook');
});

test('an edit saved by someone else meanwhile is refused with their words, and the card shows their version', async ({ page }) => {
  await loginAsAdmin(page);
  const url = `${receiverBase}/ok-conflict-${Date.now()}`;
  const created = await page.request.post('/api/admin/webhooks', { data: { url, description: 'first', events: ['lead.status_changed'] } });
  expect(created.status(), await created.text()).toBe(201);
  const { endpoint } = (await created.json()) as { endpoint: { id: number; version: number } };
  await visit(page, '/admin/webhooks');
  await card(page, url).getByRole('button', { name: `Edit: ${url}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit webhook endpoint' });
  await expect(edit.getByLabel('Description')).toHaveValue('first');
  // Another admin saves first.
  const other = await page.request.put(`/api/admin/webhooks/${endpoint.id}`, {
    data: { url, description: 'saved by the other admin', events: ['lead.status_changed'], enabled: true },
    headers: { 'If-Match': `"${endpoint.version}"` },
  });
  expect(other.status(), await other.text()).toBe(200);
  await edit.getByLabel('Description').fill('mine');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Failed to save endpoint')).toContainText('409: ');
  await expect(card(page, url)).toContainText('saved by the other admin');
  expect((await page.request.delete(`/api/admin/webhooks/${endpoint.id}`)).status()).toBe(204);
});
