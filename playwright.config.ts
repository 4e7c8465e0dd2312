import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the production build in the system Chromium
 * (Playwright cannot download its own browsers here). One server on a fresh data dir.
 */
const port = Number(process.env.E2E_PORT ?? 3111);
export const baseURL = `http://127.0.0.1:${port}`;
export const e2eDataDir = `tmp/e2e-data-${port}`;
export const e2eAdmin = { username: 'e2e-admin', password: 'e2e-admin-password-1' };
/** The loopback file server documents-import-link.spec.ts starts: the one host Import from link may fetch from. */
export const e2eImportFilePort = port + 1000;
/** Nothing listens here: every lead's e-mail to sales fails, so the inbox shows failing deliveries (leads-inbox.spec.ts). */
export const e2eDeadSmtpPort = port + 2000;
/** The loopback webhook receiver admin-webhooks.spec.ts starts: the one private address webhooks may go to. */
export const e2eWebhookReceiverPort = port + 2001;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: `rm -rf ${e2eDataDir} && node scripts/start.mjs`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: baseURL,
      DATA_DIR: e2eDataDir,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: e2eAdmin.username,
      ADMIN_PASSWORD: e2eAdmin.password,
      LEADS_RATE_LIMIT: '1000',
      URL_IMPORT_ALLOW_HOSTS: `127.0.0.1:${e2eImportFilePort}`,
      SMTP_URL: `smtp://127.0.0.1:${e2eDeadSmtpPort}`,
      LEADS_NOTIFY_TO: 'sales@vpv-energy.example',
      WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${e2eWebhookReceiverPort}`,
    },
  },
});
