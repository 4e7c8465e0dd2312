import type { Page } from '@playwright/test';
import { loginAsAdmin } from './admin-helpers';
import { axeViolations, expect, test, visit } from './fixtures';

/**
 * The inbox's statuses with their history, each lead's notification state and the failing
 * badge (docs/leads.md). The e2e server's SMTP_URL points at a port where nothing listens
 * (playwright.config.ts), so every lead's e-mail to sales fails.
 */

async function newLead(page: Page, marker: string): Promise<number> {
  const created = await page.request.post('/api/contact', {
    data: { firstName: 'Status', lastName: marker, company: 'E2E Gas', email: 'status@example.com', message: `${marker}: please call.` },
  });
  expect(created.status()).toBe(201);
  const list = (await (await page.request.get('/api/admin/messages?pageSize=100')).json()) as { items: Array<{ id: number; lastName: string }> };
  const lead = list.items.find((item) => item.lastName === marker);
  if (!lead) throw new Error('the new lead is not in the inbox');
  return lead.id;
}

/** Reloads the inbox until the lead's e-mail has failed once (the sender tries at once, in the background). */
async function waitForFailingEmail(page: Page, id: number) {
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get('/api/admin/messages?pageSize=100')).json()) as {
          items: Array<{ id: number; notifications: { email: { state: string } } }>;
        };
        return list.items.find((item) => item.id === id)?.notifications.email.state;
      },
      { timeout: 10_000 },
    )
    .toBe('failing');
}

test.describe('the leads inbox: statuses and notifications', () => {
  test.beforeEach(async ({ page }) => {
    await loginAsAdmin(page);
  });

  test('an admin moves a lead to Contacted and then Qualified, and sees each change with its date and admin', async ({ page }) => {
    const marker = `Status e2e ${Date.now()}`;
    const id = await newLead(page, marker);
    await visit(page, '/admin/leads');
    const card = page.locator(`#lead-contact-${id}`);
    await expect(card).toContainText('Status not changed since it arrived.');
    const select = card.getByRole('combobox', { name: /Status/ });
    await expect(select).toHaveValue('new');

    await select.selectOption('contacted');
    await expect(page.getByText('Status changed', { exact: true })).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Status history (1)' })).toBeVisible();
    await expect(card).toContainText(/New → Contacted \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC by e2e-admin/);
    await expect(select).toHaveValue('contacted');

    await select.selectOption('qualified');
    await expect(card.getByRole('heading', { name: 'Status history (2)' })).toBeVisible();
    const history = card.getByRole('listitem').filter({ hasText: '→' });
    await expect(history.first()).toContainText('Contacted → Qualified');
    await expect(history.nth(1)).toContainText('New → Contacted');

    // The filter finds it under Qualified, and not under New.
    await visit(page, '/admin/leads?status=qualified');
    await expect(page.locator(`#lead-contact-${id}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/messages.csv?status=qualified');
    await visit(page, '/admin/leads?status=new');
    await expect(page.locator(`#lead-contact-${id}`)).toHaveCount(0);
  });

  test('a lead whose e-mail fails shows it in its card and on the badge, and Dismiss takes it off', async ({ page }) => {
    const marker = `Failing e2e ${Date.now()}`;
    const id = await newLead(page, marker);
    await waitForFailingEmail(page, id);

    // The admin bar on the knowledge base carries the badge.
    await visit(page, '/knowledge-base');
    await expect(page.getByRole('region', { name: 'Admin' }).getByRole('link', { name: /deliver(y|ies) failing/ })).toBeVisible();

    await visit(page, '/admin/leads');
    const card = page.locator(`#lead-contact-${id}`);
    await expect(card).toContainText('E-mail to sales: failing');
    await expect(card).toContainText(/Last error: .*(ECONNREFUSED|connect)/);
    await expect(card).toContainText(/Next try \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);

    const failing = page.getByRole('region', { name: /Failing deliveries/ });
    const item = failing.getByRole('listitem').filter({ has: page.getByRole('link', { name: `contact message ${id}`, exact: true }) });
    await expect(item).toContainText('E-mail to sales');
    await expect(page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: /deliver(y|ies) failing/ })).toBeVisible();

    await item.getByRole('button', { name: /Dismiss/ }).click();
    await expect(page.getByText('Dismissed', { exact: true })).toBeVisible();
    await expect(item).toHaveCount(0);
    await expect(card).toContainText('(dismissed)');
    // The badge and the list count the same deliveries (other tests' leads may still fail).
    const failingNow = (await (await page.request.get('/api/admin/notifications/failing')).json()) as { count: number };
    const badge = page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: /deliver(y|ies) failing/ });
    if (failingNow.count === 0) await expect(badge).toHaveCount(0);
    else await expect(badge).toContainText(String(failingNow.count));
  });

  for (const width of [390, 1440]) {
    test(`the inbox with a status history and a failing e-mail is axe clean at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const id = await newLead(page, `Axe e2e ${width} ${Date.now()}`);
      expect((await page.request.patch(`/api/admin/messages/${id}`, { data: { status: 'contacted' } })).status()).toBe(200);
      await waitForFailingEmail(page, id);
      await visit(page, '/admin/leads');
      await expect(page.locator(`#lead-contact-${id}`)).toContainText('E-mail to sales: failing');
      await expect(page.getByRole('region', { name: /Failing deliveries/ })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});
