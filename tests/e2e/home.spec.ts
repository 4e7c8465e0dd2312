import { affiliations, howWeDoIt, services, solutions, tools } from '@content/home';
import { pages } from '@content/pages';
import { site } from '@content/site';
import type { Page } from '@playwright/test';
import { axeViolations, expect, test, visit } from './fixtures';

function solutionCard(page: Page, title: string) {
  return page.locator('#solutions').getByRole('article', { name: title, exact: true });
}

async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => (JSON.parse(text) as { '@type': string })['@type']);
}

test.describe('the home page', () => {
  test('has the home sections in order, each focusable by the header links', async ({ page }) => {
    await visit(page, '/');
    const ids = await page.locator('main > section').evaluateAll((sections) => sections.map((section) => section.id));
    expect(ids).toEqual(['top', 'overview', 'services', 'how-we-do-it', 'solutions', 'tools', 'contact', 'associations']);
    for (const id of ids) {
      await expect(page.locator(`#${id}`)).toHaveAttribute('tabindex', '-1');
    }
  });

  test('shows the slogan as its only h1 and states the offer', async ({ page }) => {
    await visit(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.home.heading);
    const main = page.getByRole('main');
    await expect(main).toContainText('short-term LNG supply for 2-10 MW power solutions');
    await expect(main).toContainText('Short-term (under 24 months) LNG supply for 2-10 MW power solutions');
    await expect(main).toContainText('a midstream alternative for NGL takeaway that optimizes netback for upstream');
    await expect(page.locator('#overview').getByRole('listitem')).toHaveCount(4);
  });

  test('lists both services with their items, and How We Do It', async ({ page }) => {
    await visit(page, '/');
    const section = page.locator('#services');
    for (const group of services.groups) {
      const card = section.getByRole('article', { name: group.title });
      await expect(card).toBeVisible();
      for (const item of group.items) await expect(card.getByRole('heading', { name: item.title })).toBeVisible();
    }
    await expect(section).toContainText('Volume Data');
    await expect(section).toContainText('Net Back');
    await expect(section).toContainText('Process Optimization');
    const how = page.locator('#how-we-do-it');
    await expect(how.getByRole('heading', { level: 2 })).toHaveText('How We Do It');
    await expect(how.getByRole('heading', { level: 3 })).toHaveText(howWeDoIt.steps.map((step) => step.title));
  });

  test('keeps the Organization and WebSite JSON-LD', async ({ page }) => {
    await visit(page, '/');
    expect(await jsonLdTypes(page)).toEqual(['Organization', 'WebSite']);
  });

  test('links Learn More to /vpv-market and Discover to /vpv-lease', async ({ page }) => {
    await visit(page, '/');
    const section = page.locator('#tools');
    await expect(section.getByRole('link', { name: /^Learn More/ })).toHaveAttribute('href', '/vpv-market');
    await expect(section.getByRole('link', { name: /^Discover/ })).toHaveAttribute('href', '/vpv-lease');
    expect(tools.platforms.map((platform) => platform.action.label)).toEqual(['Learn More', 'Discover']);
    await section.getByRole('link', { name: /^Discover/ }).click();
    await expect(page).toHaveURL(/\/vpv-lease$/);
  });

  test('has the contact section with the contact details, and the association lists', async ({ page }) => {
    await visit(page, '/#contact');
    const contact = page.locator('#contact');
    await expect(contact.getByRole('heading', { level: 2 })).toHaveText('Contact Us');
    await expect(contact).toContainText('Houston, Texas');
    await expect(contact.getByRole('link', { name: site.phone.display })).toHaveAttribute('href', `tel:${site.phone.tel}`);
    const associations = page.locator('#associations');
    for (const name of [...affiliations.associations.names, ...affiliations.companies.names]) {
      await expect(associations.getByRole('listitem').filter({ hasText: name })).toBeVisible();
    }
  });

  test('the hero actions scroll to the contact and solutions sections', async ({ page }) => {
    await visit(page, '/');
    await page.getByRole('link', { name: 'Explore our solutions' }).click();
    await expect(page.locator('#solutions')).toBeInViewport();
    await expect(page.locator('#solutions')).toBeFocused();
    await page.getByRole('link', { name: 'Talk to our team' }).click();
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('has no axe violations, with a solution card turned over too', async ({ page }) => {
    await visit(page, '/');
    expect(await axeViolations(page)).toEqual([]);
    await solutionCard(page, 'LNG').hover();
    await expect(solutionCard(page, 'LNG')).toHaveAttribute('data-flipped', 'true');
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('the solution flip cards', () => {
  test('there are four: LNG, NGLs, VPV Lease and VPV Market', async ({ page }) => {
    await visit(page, '/');
    await expect(page.locator('#solutions').getByRole('article')).toHaveCount(4);
    for (const title of ['LNG', 'NGLs', 'VPV Lease', 'VPV Market']) await expect(solutionCard(page, title)).toBeVisible();
  });

  test('turn over on mouse hover and back when the mouse leaves', async ({ page }) => {
    await visit(page, '/');
    const card = solutionCard(page, 'NGLs');
    await expect(card).toHaveAttribute('data-flipped', 'false');
    await card.hover();
    await expect(card).toHaveAttribute('data-flipped', 'true');
    await page.mouse.move(5, 5);
    await expect(card).toHaveAttribute('data-flipped', 'false');
  });

  test('turn over on keyboard focus, and Enter toggles them', async ({ page }) => {
    await visit(page, '/');
    await page.locator('#solutions').focus();
    await page.keyboard.press('Tab');
    const button = page.getByRole('button', { name: 'Show LNG details' });
    await expect(button).toBeFocused();
    const card = solutionCard(page, 'LNG');
    await expect(card).toHaveAttribute('data-flipped', 'true');
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Enter');
    await expect(card).toHaveAttribute('data-flipped', 'false');
    await page.keyboard.press('Enter');
    await expect(card).toHaveAttribute('data-flipped', 'true');
    // Moving on turns it back and turns the next one over.
    await page.keyboard.press('Tab');
    await expect(card).toHaveAttribute('data-flipped', 'false');
    await expect(solutionCard(page, 'NGLs')).toHaveAttribute('data-flipped', 'true');
  });

  test('keep both faces in the accessibility tree, whichever side shows', async ({ page }) => {
    await visit(page, '/');
    for (const content of solutions.cards) {
      const card = solutionCard(page, content.title);
      await expect(card.getByRole('heading', { name: content.title })).toBeAttached();
      await expect(card.getByText(content.tagline)).toBeAttached();
      await expect(card.getByText(content.description)).toBeAttached();
      // Role queries skip aria-hidden content, so finding the back's list items proves they are exposed.
      await expect(card.getByRole('listitem')).toHaveCount(content.points.length);
      const hiddenAncestor = await card
        .getByText(content.description)
        .evaluate((element) => element.closest('[aria-hidden="true"], [inert]') !== null);
      expect(hiddenAncestor).toBe(false);
    }
  });

  test('turn without spinning when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(page, '/');
    const card = solutionCard(page, 'VPV Lease');
    await card.hover();
    await expect(card).toHaveAttribute('data-flipped', 'true');
    const duration = await card.locator('> div').first().evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(Number.parseFloat(duration)).toBeLessThan(0.05);
  });
});

test.describe('the solution flip cards on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap turns a card over and another tap turns it back', async ({ page }) => {
    await visit(page, '/');
    const card = solutionCard(page, 'VPV Market');
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('heading', { name: 'VPV Market' }).tap();
    await expect(card).toHaveAttribute('data-flipped', 'true');
    await card.tap();
    await expect(card).toHaveAttribute('data-flipped', 'false');
    await card.getByRole('button', { name: 'Show VPV Market details' }).tap();
    await expect(card).toHaveAttribute('data-flipped', 'true');
  });

  test('the page is one column and does not scroll sideways', async ({ page }) => {
    await visit(page, '/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const boxes = await page.locator('#solutions').getByRole('article').evaluateAll((cards) =>
      cards.map((card) => card.getBoundingClientRect().left),
    );
    expect(new Set(boxes).size).toBe(1);
  });
});
