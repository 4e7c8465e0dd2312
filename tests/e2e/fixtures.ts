import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

const localHosts = new Set(['127.0.0.1', 'localhost']);

/**
 * The `test` of every end-to-end spec. After each test it checks that no request left
 * 127.0.0.1 (no third parties) and that the page raised no uncaught script error and no
 * Content-Security-Policy violation.
 */
export const test = base.extend<{ guard: void }>({
  guard: [
    async ({ page }, use) => {
      const external: string[] = [];
      const errors: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (/^(https?|wss?):$/.test(url.protocol) && !localHosts.has(url.hostname)) external.push(request.url());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      // Content-Security-Policy violations (even a blocked probe) are errors too.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`);
        });
      });
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().startsWith('CSP violation')) errors.push(message.text());
      });
      await use();
      expect(external, 'requests that left 127.0.0.1').toEqual([]);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Runs axe on the current page and returns the violations: WCAG 2.1 A and AA, and axe's
 * best-practice rules (heading order, landmarks, one main, unique landmark names…), which
 * catch what a screen-reader user trips over though no success criterion names it.
 */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** Opens a route and waits until React has hydrated, so client-side handlers are attached. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return response;
}

/**
 * The toast (app/lib/toast.ts) whose text has `title`, found in the toast list itself: it
 * stays while the toast shows (5 s, 10 s with a button). Radix's `role="status"` copy of the
 * text exists for one second only, for screen readers to announce, so a test that looked
 * for it missed it whenever the machine was busy for that second.
 */
export function toastWith(page: Page, title: string) {
  return page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem').filter({ hasText: title });
}
