import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the production build in the system Chromium
 * (Playwright cannot download its own browsers here). Two servers, each on a fresh data dir:
 * one for every spec, and one for the site content editors' specs, which publish changes
 * (a phone number, a fifth leader, the FAQ's order) that every page shows and that would
 * otherwise race with the specs checking the published facts. Those run one at a time.
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
/** The server the site content editors' specs (admin-content*.spec.ts) publish on. */
const contentPort = port + 3;
export const contentBaseURL = `http://127.0.0.1:${contentPort}`;
const CONTENT_SPECS = /admin-content.*\.spec\.ts$/;

/** A production server on `serverPort` with a data dir of its own, emptied first. */
function server(serverPort: number) {
  const url = `http://127.0.0.1:${serverPort}`;
  const dataDir = `tmp/e2e-data-${serverPort}`;
  return {
    command: `rm -rf ${dataDir} && node scripts/start.mjs`,
    url: `${url}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      SITE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: e2eAdmin.username,
      ADMIN_PASSWORD: e2eAdmin.password,
      LEADS_RATE_LIMIT: '1000',
      URL_IMPORT_ALLOW_HOSTS: `127.0.0.1:${e2eImportFilePort}`,
      SMTP_URL: `smtp://127.0.0.1:${e2eDeadSmtpPort}`,
      LEADS_NOTIFY_TO: 'sales@vpv-energy.example',
      WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${e2eWebhookReceiverPort}`,
    },
  };
}

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
  projects: [
    { name: 'chromium', testIgnore: CONTENT_SPECS, use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
    {
      name: 'site-content',
      testMatch: CONTENT_SPECS,
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, baseURL: contentBaseURL },
    },
  ],
  webServer: [server(port), server(contentPort)],
});
