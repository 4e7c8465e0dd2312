import { glossarySeed } from '@content/glossary-seed';
import type { Page } from '@playwright/test';
import { loginAsAdmin } from './admin-helpers';
import { axeViolations, expect, test, toastWith, visit } from './fixtures';

// One test here empties the glossary for a moment; keep this file's tests in order, in one worker.
test.describe.configure({ mode: 'default' });

const tabLabels = ['Glossary', 'Calculators', 'Infographics', 'Articles', 'Brochures', 'Social Content', 'Tutorials', 'FAQ'];
const tabIds = ['glossary', 'calculators', 'infographics', 'articles', 'spec-sheets', 'social-content', 'tutorials', 'faq'];

const termCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** The admin area answers 404 at /api/admin/login until it has landed. */
async function skipUnlessAdminLogin(page: Page) {
  const probe = await page.request.post('/api/admin/login', { data: {} });
  test.skip(probe.status() === 404, 'admin login is not available yet');
}

test.describe('the knowledge-base tabs', () => {
  test('eight tabs, glossary first and selected by default', async ({ page }) => {
    await visit(page, '/knowledge-base');
    const tabs = page.getByRole('tablist', { name: 'Knowledge base sections' }).getByRole('tab');
    await expect(tabs).toHaveText(tabLabels);
    await expect(page.getByRole('tab', { name: 'Glossary' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Glossary' })).toBeVisible();
  });

  test('a visitor downloads none of the admin controls, and no Zod', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    for (const tab of ['glossary', 'faq', 'articles']) await visit(page, `/knowledge-base?tab=${tab}`);
    await page.getByRole('button', { name: 'Admin Login' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(10);
    const adminOnly = /\/(zod|glossary-term-form|delete-term-dialog|edit-document-dialog|delete-document-dialog|upload-document-button)-/;
    expect(scripts.filter((path) => adminOnly.test(path))).toEqual([]);
  });

  test('clicking a tab shows its panel and puts it in the URL', async ({ page }) => {
    await visit(page, '/knowledge-base');
    await page.getByRole('tab', { name: 'Calculators' }).click();
    await expect(page).toHaveURL(/\/knowledge-base\?tab=calculators$/);
    await expect(page.getByRole('tab', { name: 'Calculators' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Glossary' })).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel', { name: 'Calculators' }).getByRole('heading', { level: 2 })).toHaveText('Calculators');
    await page.getByRole('tab', { name: 'Brochures' }).click();
    await expect(page).toHaveURL(/\?tab=spec-sheets$/);
    await expect(page.getByRole('tabpanel', { name: 'Brochures' }).getByRole('heading', { level: 2 })).toHaveText('Brochures');
  });

  test('arrow keys, Home and End move between tabs and open them', async ({ page }) => {
    await visit(page, '/knowledge-base?tab=faq');
    const faq = page.getByRole('tab', { name: 'FAQ' });
    await faq.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Tutorials' })).toBeFocused();
    await expect(page).toHaveURL(/\?tab=tutorials$/);
    await expect(page.getByRole('tab', { name: 'Tutorials' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight'); // wraps around to the first tab
    await expect(page.getByRole('tab', { name: 'Glossary' })).toBeFocused();
    await expect(page).toHaveURL(/\/knowledge-base$/);
    await page.keyboard.press('End');
    await expect(faq).toBeFocused();
    await expect(page).toHaveURL(/\?tab=faq$/);
    await page.keyboard.press('Home');
    await expect(page.getByRole('tab', { name: 'Glossary' })).toBeFocused();
    // One tab stop: the selected tab; Tab moves on into the panel's content.
    await expect(page.getByRole('tab', { name: 'Calculators' })).toHaveAttribute('tabindex', '-1');
  });

  test('every tab is server-rendered from ?tab=, and an unknown tab shows the glossary', async ({ page }) => {
    for (const [index, id] of tabIds.entries()) {
      const response = await page.request.get(`/knowledge-base?tab=${id}`);
      const html = await response.text();
      expect(html).toContain(`id="kb-panel-${id}"`);
      expect(html).toMatch(new RegExp(`aria-selected="true"[^>]*>.*?${tabLabels[index]}`));
    }
    await visit(page, '/knowledge-base?tab=nonsense');
    await expect(page.getByRole('tab', { name: 'Glossary' })).toHaveAttribute('aria-selected', 'true');
    await visit(page, '/knowledge-base?tab=all');
    await expect(page.getByRole('tab', { name: 'Glossary' })).toHaveAttribute('aria-selected', 'true');
  });

  for (const id of tabIds) {
    test(`the ${id} tab has no axe violations`, async ({ page }) => {
      test.setTimeout(60_000); // axe on the glossary's ~90 cards is slow on a busy machine
      await visit(page, `/knowledge-base?tab=${id}`);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe('the glossary', () => {
  test('typing filters the cards at once and then updates the URL', async ({ page }) => {
    await visit(page, '/knowledge-base');
    // The count the page shows is the cards it shows: at least the seed (other specs add terms at the same time).
    const shown = await page.locator('#glossary article, [role="tabpanel"] article').count();
    expect(shown).toBeGreaterThanOrEqual(glossarySeed.length);
    await expect(page.getByRole('status').filter({ hasText: /terms$/ })).toHaveText(`${shown} terms`);
    const search = page.getByRole('searchbox', { name: 'Search terms' });
    await search.fill('BOIL-OFF');
    await expect(termCard(page, 'Boil-off gas')).toBeVisible();
    await expect(termCard(page, 'Propane')).toHaveCount(0);
    await expect(page).toHaveURL(/\?tab=glossary&search=BOIL-OFF$/);
    // Synonyms and definitions count too.
    await search.fill('bog');
    await expect(termCard(page, 'Boil-off gas')).toBeVisible();
    await search.fill('Erath');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(termCard(page, 'Henry Hub')).toBeVisible();
    // Broadening the search again brings the server's fuller list back.
    await search.fill('gas');
    await expect(termCard(page, 'Boil-off gas')).toBeVisible();
    await expect(page).toHaveURL(/\?tab=glossary&search=gas$/);
  });

  test('a search that matches nothing says so', async ({ page }) => {
    await visit(page, '/knowledge-base');
    await page.getByRole('searchbox', { name: 'Search terms' }).fill('zzzz no such term');
    await expect(page.getByText('No terms found matching your search criteria.')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });

  test('?tab=glossary&search= is rendered on the server', async ({ page }) => {
    await visit(page, '/knowledge-base?tab=glossary&search=wobbe');
    await expect(page.getByRole('searchbox', { name: 'Search terms' })).toHaveValue('wobbe');
    await expect(termCard(page, 'Wobbe index')).toBeVisible();
    await expect(termCard(page, 'Propane')).toHaveCount(0);
  });

  test('the category filter narrows the list and is kept in the URL', async ({ page }) => {
    await visit(page, '/knowledge-base');
    await page.getByRole('combobox', { name: 'Category' }).selectOption('ngl');
    await expect(page).toHaveURL(/category=ngl/);
    const count = glossarySeed.filter((entry) => entry.category === 'ngl').length;
    await expect(page.getByRole('article')).toHaveCount(count);
    await expect(termCard(page, 'Y-grade')).toBeVisible();
    await expect(termCard(page, 'Boil-off gas')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search terms' }).fill('ethane');
    await expect(termCard(page, 'Ethane rejection')).toBeVisible();
    await expect(termCard(page, 'Turboexpander')).toHaveCount(0); // processing, not NGL
    await page.getByRole('combobox', { name: 'Category' }).selectOption('all');
    await expect(termCard(page, 'Turboexpander')).toBeVisible();
  });

  test('a related term links to its own card', async ({ page }) => {
    await visit(page, '/knowledge-base');
    await termCard(page, 'Boil-off gas').getByRole('link', { name: 'Holding time' }).click();
    await expect(page).toHaveURL(/#term-holding-time$/);
    await expect(page.locator('#term-holding-time')).toBeInViewport();
    await expect(page.locator('#term-holding-time')).toHaveAttribute('data-targeted', 'true');
    // A related term that the search left off the page: its card in the whole glossary.
    await visit(page, '/knowledge-base?tab=glossary&search=boil-off');
    await termCard(page, 'Boil-off gas').getByRole('link', { name: 'Holding time' }).click();
    await expect(page).toHaveURL(/\/knowledge-base#term-holding-time$/);
    await expect(termCard(page, 'Holding time')).toBeInViewport();
    await expect(termCard(page, 'Holding time')).toHaveAttribute('data-targeted', 'true');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search form, the category filter and the tabs still work', async ({ page }) => {
    await page.goto('/knowledge-base');
    await page.getByRole('searchbox', { name: 'Search terms' }).fill('fractionation');
    await page.getByRole('combobox', { name: 'Category' }).selectOption('processing');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\?tab=glossary&search=fractionation&category=processing/);
    await expect(termCard(page, 'Fractionation')).toBeVisible();
    await expect(termCard(page, 'Y-grade')).toHaveCount(0);
    await page.getByRole('tab', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\?tab=faq$/);
    // The accordion needs JavaScript; its plain-list stand-in shows every answer.
    await expect(page.getByText(/Instead of a steel pipe/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'What is a virtual pipeline?' })).toBeHidden();
  });

  test('the calculators compute through their Calculate buttons', async ({ page }) => {
    await page.goto('/knowledge-base?tab=calculators');
    const calculator = page.getByRole('region', { name: 'LNG, CNG and pipeline gas equivalence' });
    await calculator.getByLabel('Quantity').fill('20000');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await expect(page).toHaveURL(/amount=20000/);
    await expect(page.getByRole('region', { name: 'LNG, CNG and pipeline gas equivalence' })).toContainText('4.8 (5 trucks)');
  });
});

test.describe('the FAQ', () => {
  test('nine questions; several can be open at once; Contact Our Team goes to the contact section', async ({ page }) => {
    await visit(page, '/knowledge-base?tab=faq');
    const questions = page.getByRole('tabpanel').getByRole('button');
    await expect(questions).toHaveCount(9);
    const first = page.getByRole('button', { name: 'What is a virtual pipeline?' });
    const safety = page.getByRole('button', { name: 'How do you ensure safety?' });
    await first.click();
    await safety.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(safety).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/Instead of a steel pipe/)).toBeVisible();
    await expect(page.getByText(/Safety is designed into every step/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(safety).toHaveAttribute('aria-expanded', 'true');
    const contact = page.getByRole('link', { name: 'Contact Our Team' });
    await expect(contact).toHaveAttribute('href', '/#contact');
    await contact.click();
    await expect(page).toHaveURL(/\/(#contact)?$/);
    await expect(page.locator('#contact')).toBeAttached();
  });

  test('FAQPage structured data is in the head on the FAQ tab only', async ({ page }) => {
    const blocks = async () =>
      (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (text) => JSON.parse(text) as { '@type': string; mainEntity?: Array<{ name: string; acceptedAnswer: { text: string } }> },
      );
    await visit(page, '/knowledge-base?tab=faq');
    const faq = (await blocks()).find((block) => block['@type'] === 'FAQPage');
    expect(faq?.mainEntity).toHaveLength(9);
    expect(faq?.mainEntity?.[0]?.name).toBe('What is a virtual pipeline?');
    expect(faq?.mainEntity?.[0]?.acceptedAnswer.text).toContain('virtual pipeline');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/knowledge-base\?tab=faq$/);
    await visit(page, '/knowledge-base');
    expect((await blocks()).some((block) => block['@type'] === 'FAQPage')).toBe(false);
  });
});

test.describe('the molecule tutorial', () => {
  test('five steps with Previous, Next, a step counter and step cards', async ({ page }) => {
    await visit(page, '/knowledge-base?tab=tutorials');
    await page.getByRole('button', { name: 'Start the Molecule Tutorial' }).click();
    const dialog = page.getByRole('dialog', { name: 'The Molecule Tutorial' });
    await expect(dialog).toBeVisible();
    const previous = dialog.getByRole('button', { name: 'Previous' });
    const next = dialog.getByRole('button', { name: 'Next' });
    await expect(dialog.getByText('Step 1 of 5')).toBeVisible();
    await expect(previous).toBeDisabled();
    await expect(dialog.getByRole('heading', { name: /Methane/ })).toBeVisible();
    await expect(dialog.getByRole('img', { name: /methane \(CH₄\).*4 hydrogen atoms/i })).toBeVisible();
    await expect(dialog).toContainText('-161.5 °C (-258.7 °F)');
    expect(await axeViolations(page)).toEqual([]);

    for (const [step, title] of [[2, 'Ethane'], [3, 'Propane'], [4, 'Butane'], [5, 'Virtual Pipeline Process']] as const) {
      await next.click();
      await expect(dialog.getByText(`Step ${step} of 5`)).toBeVisible();
      await expect(dialog.getByRole('heading', { level: 3 })).toContainText(title);
    }
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    await expect(previous).toBeFocused(); // focus is not lost when Next disables itself

    await dialog.getByRole('button', { name: /Propane/ }).click();
    await expect(dialog.getByText('Step 3 of 5')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Propane/ })).toHaveAttribute('aria-current', 'step');
    await expect(dialog.getByRole('img', { name: /propane/i })).toBeVisible();
    await expect(dialog).toContainText('-42.1 °C');
    await previous.click();
    await previous.click();
    await expect(dialog.getByText('Step 1 of 5')).toBeVisible();
    await expect(previous).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Tutorial Documents' })).toBeVisible();
  });
});

test.describe('the calculators', () => {
  test('LNG, CNG and pipeline gas equivalence computes as you type', async ({ page }) => {
    await visit(page, '/knowledge-base?tab=calculators');
    const calculator = page.getByRole('region', { name: 'LNG, CNG and pipeline gas equivalence' });
    // Server-rendered defaults: one 10,000-gallon LNG trailer.
    await expect(calculator).toContainText('2.4 (3 trucks)');
    await calculator.getByLabel('Quantity').fill('20000');
    await expect(calculator).toContainText('48,000 gal');
    await expect(calculator).toContainText('4.8 (5 trucks)');
    await calculator.getByLabel('Measured as').selectOption('pipeline');
    await calculator.getByLabel('Quantity').fill('802083.33');
    await expect(calculator).toContainText('10,000 gal');
    await calculator.getByLabel('Quantity').fill('-3');
    await expect(calculator.getByText('Quantity cannot be negative.')).toBeVisible();
    await expect(calculator.getByLabel('Quantity')).toHaveAttribute('aria-invalid', 'true');
    await calculator.getByLabel('Quantity').fill('');
    await expect(calculator.getByText('Enter a quantity.')).toBeVisible();
    await expect(calculator).not.toContainText('NaN');
  });

  test('NGL netback computes per gallon and per month', async ({ page }) => {
    await visit(page, '/knowledge-base?tab=calculators');
    const calculator = page.getByRole('region', { name: 'NGL netback' });
    await expect(calculator).toContainText('$142,500.00');
    await calculator.getByLabel('NGL price ($ per gallon)').fill('0.90');
    await calculator.getByLabel('Monthly volume').fill('10000');
    await calculator.getByLabel('Volume unit').selectOption('bbl');
    // (0.90 - 0.06 - 0.12) × 420,000 gal
    await expect(calculator).toContainText('$0.72');
    await expect(calculator).toContainText('420,000 gal');
    await expect(calculator).toContainText('$302,400.00');
    await calculator.getByLabel('Transport fee ($ per gallon)').fill('1');
    await expect(calculator).toContainText('The fees exceed the price');
    await calculator.getByLabel('Fractionation fee ($ per gallon)').fill('');
    await expect(calculator.getByText('Enter a fractionation fee.')).toBeVisible();
    await expect(calculator).not.toContainText('NaN');
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('the glossary for an admin', () => {
  test('adds, edits and deletes a term with toasts, and shows All Documents', async ({ page }) => {
    // A long walk through every state of the form, with two axe runs on a 90-card page.
    test.setTimeout(90_000);
    await skipUnlessAdminLogin(page);
    await loginAsAdmin(page);
    await visit(page, '/knowledge-base');
    const tabs = page.getByRole('tablist', { name: 'Knowledge base sections' }).getByRole('tab');
    await expect(tabs).toHaveText(['All Documents', ...tabLabels]);
    await page.getByRole('tab', { name: 'All Documents' }).click();
    await expect(page).toHaveURL(/\?tab=all$/);
    // The list itself belongs to the documents area and is tested there.
    await visit(page, '/knowledge-base');

    const name = `E2E test term ${Date.now()}`;
    await page.getByRole('button', { name: 'Add Term' }).click();
    const form = page.getByRole('form', { name: 'Add a glossary term' });
    await form.getByRole('button', { name: 'Add Term' }).click();
    await expect(form.getByText('Term is required.')).toBeVisible();
    await expect(form.getByText('Definition is required.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('textbox', { name: 'Term', exact: true }).fill(name);
    await form.getByLabel('Definition').fill('A term created by the end-to-end test.');
    await expect(form.getByLabel('Category')).toHaveValue('general');
    await form.getByLabel('Category').selectOption('storage');
    await form.getByLabel('Synonyms').fill('e2e synonym, another');
    await form.getByLabel('Related terms').fill('Tank farm');
    await form.getByRole('button', { name: 'Add Term' }).click();
    await expect(toastWith(page, 'Term added')).toBeVisible();
    await expect(form).toBeHidden();
    const card = termCard(page, name);
    await expect(card).toContainText('Storage');
    await expect(card).toContainText('e2e synonym, another');
    await expect(card.getByRole('link', { name: 'Tank farm' })).toHaveAttribute('href', '#term-tank-farm');

    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const editForm = page.getByRole('form', { name: 'Edit glossary term' });
    await expect(editForm.getByRole('textbox', { name: 'Term', exact: true })).toHaveValue(name);
    await editForm.getByLabel('Definition').fill('An edited definition.');
    await editForm.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastWith(page, 'Term updated')).toBeVisible();
    await expect(card).toContainText('An edited definition.');

    // A duplicate name is refused by the server with its message.
    await page.getByRole('button', { name: 'Add Term' }).click();
    await form.getByRole('textbox', { name: 'Term', exact: true }).fill('wobbe index');
    await form.getByLabel('Definition').fill('Duplicate.');
    await form.getByRole('button', { name: 'Add Term' }).click();
    await expect(toastWith(page, 'Failed to add term')).toContainText('already exists');
    await form.getByRole('button', { name: 'Cancel' }).click();

    await card.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this term?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    await confirm.getByRole('button', { name: 'Delete Term' }).click();
    await expect(toastWith(page, 'Term deleted')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('visitors see no admin controls', async ({ page }) => {
    await visit(page, '/knowledge-base');
    await expect(page.getByRole('button', { name: 'Add Term' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  });

  test('an empty glossary says "No glossary terms available yet."', async ({ page }) => {
    await skipUnlessAdminLogin(page);
    await loginAsAdmin(page);
    const terms = (await (await page.request.get('/api/glossary')).json()) as Array<{ id: number }>;
    try {
      for (const term of terms) expect((await page.request.delete(`/api/glossary/${term.id}`)).status()).toBe(204);
      await visit(page, '/knowledge-base');
      await expect(page.getByText('No glossary terms available yet.')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      // Put the starter glossary back for whatever runs next against this server.
      for (const entry of glossarySeed) {
        const response = await page.request.post('/api/glossary', { data: entry });
        expect([201, 409]).toContain(response.status());
      }
    }
  });
});
