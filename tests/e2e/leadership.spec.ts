import { joinOurTeam, leaders, leadershipIntro } from '@content/leaders';
import { pages } from '@content/pages';
import { axeViolations, expect, test, visit } from './fixtures';

interface AboutPage {
  '@type': string;
  mainEntity: { '@type': string; employee: Array<{ name: string; jobTitle: string; description: string }> };
}

test.describe('the leadership page', () => {
  test('introduces the team and shows four leader cards in order', async ({ page }) => {
    await visit(page, '/leadership');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages.leadership.heading);
    await expect(page.getByText(leadershipIntro, { exact: true })).toBeVisible();
    expect(leadershipIntro).toBe('Meet the experienced professionals driving innovation in LNG and NGL virtual pipeline solutions.');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(4);
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText(leaders.map((leader) => leader.name));
    expect(leaders.map((leader) => leader.title)).toEqual([
      'Founder & Chief Executive Officer',
      'Chief Commercial Officer',
      'Chief Operating Officer',
      'Chief Financial Officer',
    ]);
    for (const [index, leader] of leaders.entries()) {
      await expect(cards.nth(index)).toContainText(leader.title);
      await expect(cards.nth(index)).toContainText(leader.bio);
    }
  });

  test('shows initials for placeholder headshots and never the e-mail addresses', async ({ page }) => {
    await visit(page, '/leadership');
    const main = page.getByRole('main');
    await expect(main.getByText('DW', { exact: true })).toBeVisible();
    await expect(main.locator('img')).toHaveCount(0);
    const html = await page.content();
    for (const leader of leaders) expect(html).not.toContain(leader.email);
  });

  test('links each leader to a profile in a new tab, with a name that says whose', async ({ page }) => {
    await visit(page, '/leadership');
    for (const leader of leaders) {
      const link = page.getByRole('link', { name: `${leader.name} on LinkedIn` });
      await expect(link).toHaveAttribute('href', leader.linkedin);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('View Open Positions goes home and scrolls to the contact section', async ({ page }) => {
    await visit(page, '/leadership');
    await expect(page.getByText(joinOurTeam.text)).toBeVisible();
    expect(joinOurTeam.text).toBe("We're always looking for talented individuals who share our passion for innovation in the energy sector.");
    const button = page.getByRole('link', { name: 'View Open Positions' });
    await expect(button).toHaveAttribute('href', '/#contact');
    await button.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('describes the organization and its four employees as AboutPage JSON-LD', async ({ page }) => {
    await visit(page, '/leadership');
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as AboutPage,
    );
    const about = blocks.find((block) => block['@type'] === 'AboutPage');
    expect(about?.mainEntity['@type']).toBe('Organization');
    expect(about?.mainEntity.employee).toHaveLength(4);
    expect(about?.mainEntity.employee.map((person) => [person.name, person.jobTitle, person.description])).toEqual(
      leaders.map((leader) => [leader.name, leader.title, leader.bio]),
    );
  });

  test('sets two columns on wide screens and has no axe violations', async ({ page }) => {
    await visit(page, '/leadership');
    const tops = await page.getByRole('main').getByRole('article').evaluateAll((cards) =>
      cards.map((card) => Math.round(card.getBoundingClientRect().top)),
    );
    expect(tops[0]).toBe(tops[1]);
    expect(tops[2]).toBeGreaterThan(tops[0] ?? 0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('stacks the cards in one column', async ({ page }) => {
      await visit(page, '/leadership');
      const lefts = await page.getByRole('main').getByRole('article').evaluateAll((cards) =>
        cards.map((card) => Math.round(card.getBoundingClientRect().left)),
      );
      expect(new Set(lefts).size).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });
  });
});
