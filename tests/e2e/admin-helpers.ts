import type { Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';

/**
 * Logs the browser context in as the e2e admin (created at start from ADMIN_USERNAME and
 * ADMIN_PASSWORD in playwright.config.ts). The session cookie lands in the page's context.
 */
export async function loginAsAdmin(page: Page): Promise<void> {
  const response = await page.request.post('/api/admin/login', {
    data: { username: e2eAdmin.username, password: e2eAdmin.password },
  });
  if (!response.ok()) throw new Error(`admin login failed: ${response.status()} ${await response.text()}`);
}

export { e2eAdmin };
