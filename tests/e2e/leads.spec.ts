import type { Page, Route } from '@playwright/test';
import { loginAsAdmin } from './admin-helpers';
import { axeViolations, expect, test, visit } from './fixtures';

const contact = {
  'First Name': 'John',
  'Last Name': 'Doe',
  Company: 'Permian Gas Processing',
  Email: 'john@company.com',
  Message: 'We flare about 2 MMcf/d of rich gas. Can you take the NGLs?',
};

const demo = {
  Name: 'Jane Roe',
  Phone: '+1 (888) 555-0148',
  Email: 'jane@roe.example.com',
  Company: 'Roe Energy',
  Title: 'VP Operations',
  Notes: 'Three sites in the Delaware Basin.',
};

type Scope = Page | ReturnType<Page['locator']>;

/** A field by its accessible name (the demo form's asterisks are hidden from it). */
const field = (scope: Scope, name: string) => scope.getByRole('textbox', { name, exact: true });

async function fill(scope: Scope, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await field(scope, name).fill(value);
}

/** Holds the request until `release()` so a test can see the in-flight state. */
function holdRequests(page: Page, path: string) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  void page.route(path, async (route: Route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

const contactForm = (page: Page) => page.locator('#contact form');
/** The toast on screen (the Toaster marks each with its variant). */
const toastOf = (page: Page) => page.locator('li[data-variant]');

test.describe('the contact form', () => {
  test('sends a message: Sending... while in flight, then the toast and cleared fields', async ({ page }) => {
    await visit(page, '/');
    const form = contactForm(page);
    await expect(field(form, 'First Name')).toHaveAttribute('placeholder', 'John');
    await expect(field(form, 'Last Name')).toHaveAttribute('placeholder', 'Doe');
    await expect(field(form, 'Company')).toHaveAttribute('placeholder', 'Your Company');
    await expect(field(form, 'Email')).toHaveAttribute('type', 'email');
    await expect(field(form, 'Message')).toHaveAttribute('rows', '4');
    await expect(field(form, 'Message')).toHaveAttribute('placeholder', 'Tell us about your virtual pipeline needs...');

    await fill(form, contact);
    const release = holdRequests(page, '/api/contact');
    const sent = page.waitForResponse('/api/contact');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const sending = form.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeDisabled();
    release();
    expect((await sent).status()).toBe(201);

    await expect(toastOf(page)).toContainText('Message Sent!');
    await expect(toastOf(page)).toContainText("Thank you for your interest. We'll get back to you soon.");
    await expect(toastOf(page)).toHaveAttribute('data-variant', 'default');
    for (const label of Object.keys(contact)) await expect(field(form, label)).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test('keeps the values and shows the error toast when the server fails', async ({ page }) => {
    await page.route('/api/contact', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await visit(page, '/');
    const form = contactForm(page);
    await fill(form, contact);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toastOf(page)).toContainText('Error');
    await expect(toastOf(page)).toContainText('Failed to send message. Please try again.');
    await expect(toastOf(page)).toHaveAttribute('data-variant', 'destructive');
    for (const [label, value] of Object.entries(contact)) await expect(field(form, label)).toHaveValue(value);
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test("shows the server's field errors under the fields", async ({ page }) => {
    await page.route('/api/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Some fields are missing or invalid.', fieldErrors: { company: ['Company is required.'] } }),
      }),
    );
    await visit(page, '/');
    const form = contactForm(page);
    await fill(form, contact);
    await form.getByRole('button', { name: 'Send Message' }).click();
    const company = field(form, 'Company');
    await expect(company).toHaveAttribute('aria-invalid', 'true');
    await expect(company).toHaveAccessibleDescription('Company is required.');
    await expect(company).toBeFocused();
  });

  test('after a post the server answered with errors, hydrates with its notice and messages, and has no axe violations', async ({ page }) => {
    await visit(page, '/');
    await fill(contactForm(page), { ...contact, Email: 'john@company' });
    // The browser's own submission, as without JavaScript: the form's handler does not run.
    await Promise.all([page.waitForURL(/\/\?index#contact$/), contactForm(page).evaluate((form: HTMLFormElement) => form.submit())]);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(contactForm(page).getByRole('alert')).toBeVisible();
    await expect(field(contactForm(page), 'Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(contactForm(page), 'Email')).toHaveValue('john@company');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('checks the e-mail address with the shared schema before sending', async ({ page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) posted = true;
    });
    await visit(page, '/');
    const form = contactForm(page);
    await fill(form, { ...contact, Email: 'john@company' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(field(form, 'Email')).toHaveAccessibleDescription(/valid e-mail/);
    expect(posted).toBe(false);
  });

  test('an empty form shows its messages inline under each field, like the demo form, not the browser bubbles (issue 16)', async ({ page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) posted = true;
    });
    await visit(page, '/');
    const form = contactForm(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    // Focus lands on the first field, whose message a screen reader reads with it.
    await expect(field(form, 'First Name')).toBeFocused();
    const messages = { 'First Name': 'First name', 'Last Name': 'Last name', Company: 'Company', Email: 'Email', Message: 'Message' };
    for (const [label, name] of Object.entries(messages)) {
      await expect(field(form, label)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(form, label)).toHaveAccessibleDescription(`${name} is required.`);
      await expect(form.getByText(`${name} is required.`)).toBeVisible();
    }
    expect(await form.evaluate((element: HTMLFormElement) => element.noValidate)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // Typing clears that field's message.
    await field(form, 'Company').fill('Permian Gas Processing');
    await expect(field(form, 'Company')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Company is required.')).toHaveCount(0);
    expect(posted).toBe(false);
  });
});

test.describe('the demo request modal', () => {
  const openModal = async (page: Page) => {
    await visit(page, '/vpv-market');
    await page.getByRole('button', { name: 'Request Demo' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Request a Demo' });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  test('marks the required fields and sends nothing while one is empty', async ({ page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/request-demo')) posted = true;
    });
    const dialog = await openModal(page);
    for (const label of ['Name', 'Phone', 'Email', 'Company']) {
      await expect(dialog.locator('label', { hasText: new RegExp(`^${label}\\*$`) })).toBeVisible();
      await expect(field(dialog, label)).toHaveAttribute('required', '');
    }
    await expect(field(dialog, 'Phone')).toHaveAttribute('type', 'tel');
    await expect(field(dialog, 'Email')).toHaveAttribute('type', 'email');
    await expect(field(dialog, 'Notes')).toHaveJSProperty('tagName', 'TEXTAREA');

    await fill(dialog, { Name: 'Jane Roe', Email: 'jane@roe.example.com' });
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(toastOf(page)).toContainText('Missing Information');
    await expect(toastOf(page)).toContainText('Please fill in all required fields.');
    await expect(toastOf(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(dialog).toBeVisible();
    // The same inline messages as the contact form (issue 16).
    await expect(field(dialog, 'Phone')).toBeFocused();
    await expect(field(dialog, 'Phone')).toHaveAccessibleDescription('Phone is required.');
    await expect(field(dialog, 'Company')).toHaveAccessibleDescription('Company is required.');
    expect(posted).toBe(false);
  });

  test('submits: Submitting... while in flight, then the toast, and the modal closes and resets', async ({ page }) => {
    const dialog = await openModal(page);
    await fill(dialog, demo);
    const release = holdRequests(page, '/api/request-demo');
    const sent = page.waitForResponse('/api/request-demo');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    expect((await sent).status()).toBe(201);
    await expect(toastOf(page)).toContainText('Demo Request Submitted');
    await expect(toastOf(page)).toContainText("We'll contact you soon to schedule your demo.");
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Request Demo' }).first().click();
    for (const label of Object.keys(demo)) await expect(field(dialog, label)).toHaveValue('');
  });

  test('stays open with the values when the server fails', async ({ page }) => {
    await page.route('/api/request-demo', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    const dialog = await openModal(page);
    await fill(dialog, demo);
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(toastOf(page)).toContainText('Error');
    await expect(toastOf(page)).toContainText('Failed to submit demo request. Please try again.');
    await expect(toastOf(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(dialog).toBeVisible();
    for (const [label, value] of Object.entries(demo)) await expect(field(dialog, label)).toHaveValue(value);
    await expect(dialog.getByRole('button', { name: 'Submit Request' })).toBeEnabled();
  });

  test('is capped at 90% of the viewport height and scrolls', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 600 });
    const dialog = await openModal(page);
    const box = await dialog.boundingBox();
    expect(box?.height ?? 0).toBeLessThanOrEqual(600 * 0.9 + 1);
    expect(await dialog.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    expect(await dialog.evaluate((element) => getComputedStyle(element).overflowY)).toBe('auto');
  });

  test('has no axe violations while open', async ({ page }) => {
    await openModal(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('loads the modal when asked for and Zod when sent, not with the page (decision 021)', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await visit(page, '/vpv-market');
    expect(scripts.length).toBeGreaterThan(10);
    expect(scripts.filter((path) => /\/(zod|demo-request-dialog)-/.test(path))).toEqual([]);

    // Not by role: while the modal is open, the page behind it is hidden from assistive technology.
    const trigger = page.locator('main button', { hasText: 'Request Demo' }).first();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Request a Demo' });
    await expect(dialog).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(scripts.some((path) => /\/demo-request-dialog-/.test(path))).toBe(true);
    expect(scripts.filter((path) => /\/zod-/.test(path))).toEqual([]);

    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(toastOf(page)).toContainText('Missing Information');
    expect(scripts.some((path) => /\/zod-/.test(path))).toBe(true);

    // Cancel closes it, keeps the values for next time, and gives focus back to the button.
    await field(dialog, 'Name').fill('Jane Roe');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await trigger.click();
    await expect(field(dialog, 'Name')).toHaveValue('Jane Roe');
  });

  test('a post without JavaScript that came back invalid opens the modal with the server’s messages once hydrated', async ({ page }) => {
    // The button's key, as the server renders its no-JavaScript link.
    const html = await (await page.request.get('/vpv-market')).text();
    const key = /\?demo=(\w+)/.exec(html)?.[1] ?? '';
    expect(key).not.toBe('');
    await visit(page, `/vpv-market?demo=${key}`);
    // The modal opened by the address; its form posted the browser's own way, as without JavaScript.
    const values = { leadForm: 'demo', demoKey: key, name: 'Jane Roe', phone: 'call me maybe', email: 'jane@roe.example.com', company: 'Roe Gas' };
    await page.evaluate(
      ({ action, fields }) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = action;
        for (const [name, value] of Object.entries(fields)) form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
        document.body.append(form);
        form.submit();
      },
      { action: `/vpv-market?demo=${key}#request-demo-${key}`, fields: values },
    );
    const dialog = page.getByRole('dialog', { name: 'Request a Demo' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(field(dialog, 'Phone')).toHaveValue('call me maybe');
    await expect(field(dialog, 'Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(dialog, 'Phone')).toHaveAccessibleDescription(/digits/);
    await expect(field(dialog, 'Name')).not.toHaveAttribute('aria-invalid', 'true');
    // The URL is cleaned once the modal has the outcome.
    await expect(page).toHaveURL(/\/vpv-market$/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form posts, and the page shows the success after the redirect', async ({ page }) => {
    await page.goto('/#contact');
    const form = contactForm(page);
    await fill(form, { ...contact, Message: `No-JS message ${Date.now()}` });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/\?sent=contact#contact$/);
    await expect(page.locator('#contact').getByRole('status')).toContainText('Message Sent!');
    await expect(field(form, 'First Name')).toHaveValue('');
  });

  test('the contact form shows field errors and keeps the values, with nothing typed in the URL', async ({ page }) => {
    await page.goto('/#contact');
    const form = contactForm(page);
    // Both pass the browser's own checks but not the server's.
    await fill(form, { ...contact, 'First Name': '   ', Email: 'john@company' });
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === 'POST'),
      form.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page).toHaveURL(/\/\?index#contact$/);
    for (const typed of ['john@company', 'john%40company', 'Permian', 'MMcf']) expect(page.url()).not.toContain(typed);
    await expect(page.locator('#contact').getByRole('alert')).toBeVisible();
    await expect(field(form, 'First Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(form, 'First Name')).toHaveAccessibleDescription('First name is required.');
    await expect(field(form, 'Email')).toHaveAccessibleDescription(/valid e-mail/);
    await expect(field(form, 'Email')).toHaveValue('john@company');
    await expect(field(form, 'Company')).toHaveValue(contact.Company);
    await expect(field(form, 'Message')).toHaveValue(contact.Message);
  });

  test('Request Demo opens a server-rendered form that posts and shows the success', async ({ page }) => {
    await page.goto('/vpv-market');
    await page.getByRole('link', { name: 'Request Demo' }).first().click();
    await expect(page).toHaveURL(/\?demo=\w+#request-demo-\w+$/);
    const panel = page.getByRole('region', { name: 'Request a Demo' });
    await expect(panel).toBeVisible();
    await fill(panel, demo);
    await panel.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page).toHaveURL(/\?demo=\w+&sent=demo#request-demo-\w+$/);
    await expect(page.getByRole('region', { name: 'Request a Demo' }).getByRole('status')).toContainText(
      'Demo Request Submitted',
    );
    // Close goes back to the plain page.
    await page.getByRole('region', { name: 'Request a Demo' }).getByRole('link', { name: 'Close' }).first().click();
    await expect(page).toHaveURL(/\/vpv-market$/);
    await expect(page.getByRole('region', { name: 'Request a Demo' })).toHaveCount(0);
  });

  test('the demo form shows field errors and keeps the values, with nothing typed in the URL', async ({ page }) => {
    await page.goto('/vpv-market');
    await page.getByRole('link', { name: 'Request Demo' }).first().click();
    const panel = page.getByRole('region', { name: 'Request a Demo' });
    await fill(panel, { ...demo, Phone: 'call me maybe' });
    await panel.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page).toHaveURL(/\/vpv-market\?demo=\w+#request-demo-\w+$/);
    for (const typed of ['call', 'Roe', 'Delaware']) expect(page.url()).not.toContain(typed);
    const again = page.getByRole('region', { name: 'Request a Demo' });
    await expect(again.getByRole('alert')).toBeVisible();
    await expect(field(again, 'Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(again, 'Phone')).toHaveAccessibleDescription(/digits/);
    await expect(field(again, 'Phone')).toHaveValue('call me maybe');
    await expect(field(again, 'Notes')).toHaveValue(demo.Notes);
  });
});

test.describe('the leads inbox', () => {
  test('visitors get the login-required page with no-store', async ({ page }) => {
    const response = await page.goto('/admin/leads');
    expect(response?.status()).toBe(401);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { name: 'Admin login required' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  test('an admin reads a new message in full, closes it and can export CSV', async ({ page }) => {
    const probe = await page.request.post('/api/admin/login', { data: { username: '', password: '' } });
    test.skip(probe.status() === 404, 'admin login has not landed yet');
    await loginAsAdmin(page);

    const marker = `Inbox e2e ${Date.now()}`;
    const created = await page.request.post('/api/contact', {
      data: { firstName: 'Inbox', lastName: marker, company: 'E2E Gas', email: 'inbox@example.com', message: `${marker}\nline two` },
    });
    expect(created.status()).toBe(201);

    // An old bookmark (?status=pending) still works: it shows the new leads.
    await visit(page, '/admin/leads?status=pending');
    await expect(page.getByRole('heading', { level: 1, name: 'Leads inbox' })).toBeVisible();
    const card = page.getByRole('article', { name: new RegExp(marker) });
    await expect(card).toContainText('line two');
    await expect(card.getByRole('combobox', { name: /Status/ })).toHaveValue('new');
    await card.getByRole('combobox', { name: /Status/ }).selectOption('closed');
    // Revalidated with the New filter on: the closed message leaves the list.
    await expect(page.getByRole('article', { name: new RegExp(marker) })).toHaveCount(0);

    await visit(page, '/admin/leads?status=closed');
    const closed = page.getByRole('article', { name: new RegExp(marker) });
    await expect(closed.getByRole('combobox', { name: /Status/ })).toHaveValue('closed');
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/messages.csv?status=closed');
    const csv = await page.request.get('/api/admin/messages.csv');
    expect(csv.headers()['content-disposition']).toContain('attachment');
    expect(await csv.text()).toContain(marker);

    await page.getByRole('link', { name: /Demo requests/ }).click();
    await expect(page).toHaveURL(/tab=demo-requests/);
  });
});
