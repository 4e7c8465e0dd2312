import { pages } from '@content/pages';
import { axeViolations, expect, test, visit } from './fixtures';

test.describe('the LNG vs CNG page', () => {
  test('compares the two fuels with every figure of the spec', async ({ page }) => {
    await visit(page, '/lng-vs-cng');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.lngVsCng.heading);
    const lng = page.getByRole('article', { name: 'LNG' });
    const cng = page.getByRole('article', { name: 'CNG' });
    for (const text of [
      'Reduced 600x',
      'One LNG truck carries the energy of 2.4 CNG trucks.',
      'Above 95%',
      'Consistent BTU',
      'Blue flame',
      'Large industrial operations in remote places',
    ]) {
      await expect(lng).toContainText(text);
    }
    for (const text of [
      'Reduced about 250x',
      '2.4 trucks per LNG truck',
      'Above 85%',
      'Less predictable',
      'Orange/yellow flame',
      'Smaller sites and vehicle fueling stations',
    ]) {
      await expect(cng).toContainText(text);
    }
  });

  test('links on to the virtual pipeline page and the contact section', async ({ page }) => {
    await visit(page, '/lng-vs-cng');
    await expect(page.getByRole('link', { name: 'How the LNG virtual pipeline works' })).toHaveAttribute('href', '/virtual-pipeline');
    const contact = page.getByRole('main').getByRole('link', { name: 'Talk to our team' });
    await expect(contact).toHaveAttribute('href', '/#contact');
    await contact.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('puts the cards side by side on wide screens, with no axe violations', async ({ page }) => {
    await visit(page, '/lng-vs-cng');
    const tops = await page.getByRole('main').getByRole('article').evaluateAll((cards) =>
      cards.map((card) => Math.round(card.getBoundingClientRect().top)),
    );
    expect(tops[0]).toBe(tops[1]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('stacks the cards', async ({ page }) => {
      await visit(page, '/lng-vs-cng');
      const lefts = await page.getByRole('main').getByRole('article').evaluateAll((cards) =>
        cards.map((card) => Math.round(card.getBoundingClientRect().left)),
      );
      expect(new Set(lefts).size).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });
  });
});
