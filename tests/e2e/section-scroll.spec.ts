import type { Page } from '@playwright/test';
import { expect, test, visit } from './fixtures';

/**
 * Issue 16, item 1: the header's section links on the home page land the section just
 * under the sticky header, its heading in view, at phone, tablet and desktop widths, with
 * and without reduced motion. The mobile menu used to grow the in-flow header, so the page
 * scrolled with the menu's height counted and then shifted up by it when the menu closed
 * (the section ended about 425 px above the viewport).
 */

/** Resolves once the page has not scrolled for 30 frames in a row (a smooth scroll has ended). */
async function scrollSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const tick = () => {
          if (window.scrollY === last) still += 1;
          else [last, still] = [window.scrollY, 0];
          if (still >= 30) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/** Where the section and its heading sit against the header and the viewport, in CSS pixels. */
async function placement(page: Page, id: string) {
  return page.evaluate((sectionId) => {
    const header = document.querySelector('header')!.getBoundingClientRect();
    const section = document.getElementById(sectionId)!.getBoundingClientRect();
    const heading = document.getElementById(sectionId)!.querySelector('h2')!.getBoundingClientRect();
    const atBottom = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
    return {
      headerBottom: Math.round(header.bottom),
      sectionTop: Math.round(section.top),
      headingTop: Math.round(heading.top),
      headingBottom: Math.round(heading.bottom),
      viewport: window.innerHeight,
      atBottom,
    };
  }, id);
}

function expectJustUnderHeader(where: Awaited<ReturnType<typeof placement>>, label: string) {
  // The heading is fully visible, below the header.
  expect(where.headingTop, `${label}: heading below the header`).toBeGreaterThanOrEqual(where.headerBottom);
  expect(where.headingBottom, `${label}: heading inside the viewport`).toBeLessThanOrEqual(where.viewport);
  // The section starts just under the header, unless the page cannot scroll that far.
  if (!where.atBottom) {
    expect(where.sectionTop, `${label}: section top`).toBeGreaterThanOrEqual(where.headerBottom - 1);
    expect(where.sectionTop, `${label}: section top`).toBeLessThanOrEqual(where.headerBottom + 40);
  }
}

const links = [
  { name: 'Services', id: 'services' },
  { name: 'Solutions', id: 'solutions' },
  { name: 'Contact Us', id: 'contact' },
] as const;

for (const reducedMotion of ['reduce', 'no-preference'] as const) {
  for (const width of [390, 900]) {
    test.describe(`the mobile menu at ${width} px, reduced motion ${reducedMotion}`, () => {
      test.use({ viewport: { width, height: width < 800 ? 844 : 900 }, reducedMotion });

      for (const link of links) {
        test(`${link.name} leaves the section heading just under the header`, async ({ page }) => {
          await visit(page, '/');
          const sectionTopInPage = () => page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top + window.scrollY, link.id);
          const before = await sectionTopInPage();
          await page.getByRole('button', { name: 'Open menu' }).click();
          const menu = page.getByRole('navigation', { name: 'Mobile' });
          await expect(menu).toBeVisible();
          // Opening the menu moves nothing on the page: it lies over the page.
          expect(await sectionTopInPage()).toBe(before);

          await menu.getByRole('link', { name: link.name, exact: true }).click();
          await expect(menu).toBeHidden();
          await scrollSettled(page);
          expectJustUnderHeader(await placement(page, link.id), link.name);
          // Nothing moved when the menu closed either.
          expect(await sectionTopInPage()).toBe(before);
          await expect(page.locator(`#${link.id}`)).toBeFocused();
        });
      }

      test('from another page, Contact Us goes home and lands the same way', async ({ page }) => {
        await visit(page, '/leadership');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Contact Us' }).click();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.locator('#contact')).toBeFocused();
        await scrollSettled(page);
        expectJustUnderHeader(await placement(page, 'contact'), 'Contact Us from /leadership');
      });
    });
  }

  test.describe(`the desktop header at 1440 px, reduced motion ${reducedMotion}`, () => {
    test.use({ viewport: { width: 1440, height: 900 }, reducedMotion });

    for (const link of links) {
      test(`${link.name} leaves the section heading just under the header`, async ({ page }) => {
        await visit(page, '/');
        await page.getByRole('banner').getByRole('link', { name: link.name, exact: true }).click();
        await scrollSettled(page);
        expectJustUnderHeader(await placement(page, link.id), link.name);
        await expect(page.locator(`#${link.id}`)).toBeFocused();
      });
    }
  });
}
