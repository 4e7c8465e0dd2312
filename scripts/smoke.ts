/**
 * `npm run smoke`: the production server as an operator starts it (`node scripts/start.mjs`,
 * on the Node.js running this script), on a free loopback port and a fresh DATA_DIR. Fetches
 * every public page of app/routes.ts, posts a contact message, logs in as the admin, finds
 * the message in the inbox, then stops the server with SIGTERM. Exits 1 on any failure,
 * including an error logged by the server or a shutdown that is not clean. CI runs it on
 * Node 24 (.ci/run).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import routes from '../app/routes.ts';

const root = path.resolve(import.meta.dirname, '..');
const results: Array<{ name: string; error?: string }> = [];

async function check(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
    results.push({ name });
    console.log(`  ok    ${name}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    results.push({ name, error: message });
    console.log(`  FAIL  ${name}: ${message}`);
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The public pages: every route with a path, less the catch-all and the admin's. */
function publicPaths(): string[] {
  return routes
    .map((entry) => (entry.index ? '/' : `/${entry.path ?? ''}`))
    .filter((pathname) => pathname !== '/*' && !pathname.startsWith('/admin'));
}

/** The server's JSON log lines at level error (50) or above. */
function errorLines(output: string): string[] {
  return output.split('\n').filter((line) => {
    if (!line.startsWith('{')) return false;
    try {
      return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
    } catch {
      return false;
    }
  });
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was ready (${child.signalCode ?? `exit ${child.exitCode}`})`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not ready after ${timeoutMs / 1000} s`);
}

function stop(child: ChildProcess, timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
    child.kill('SIGTERM');
  });
}

async function main(): Promise<number> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vpv-smoke-'));
  const admin = {
    username: process.env.ADMIN_USERNAME ?? 'smoke-admin',
    password: process.env.ADMIN_PASSWORD ?? randomBytes(18).toString('base64url'),
  };
  console.log(`Smoke test on Node ${process.version}: ${url}, DATA_DIR=${dataDir}`);

  let output = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      S3_BUCKET: '',
      LOG_LEVEL: 'info',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));

  try {
    await check('the server starts and answers /readyz', () => waitUntilReady(url, child, 180_000));
    if (!results.some((result) => result.error)) await exercise(url, admin);
  } finally {
    const exit = await stop(child, 15_000);
    await check('SIGTERM stops the server cleanly', async () => {
      assert(exit.code === 0 && exit.signal === null, `it ended with ${exit.signal ?? `exit ${exit.code}`}`);
    });
    await check('the server logged no error', async () => {
      const errors = errorLines(output);
      assert(errors.length === 0, errors.join('\n'));
    });
    if (results.some((result) => result.error)) console.log(`\nServer output:\n${output}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const failed = results.filter((result) => result.error).length;
  console.log(`smoke: ${results.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

/** What a visitor and an admin do: every public page, a lead, a login, the inbox. */
async function exercise(url: string, admin: { username: string; password: string }): Promise<void> {
  for (const pathname of publicPaths()) {
    await check(`GET ${pathname}`, async () => {
      const response = await fetch(`${url}${pathname}`);
      assert(response.status === 200, `status ${response.status}`);
      const body = await response.text();
      const type = response.headers.get('content-type') ?? '';
      if (type.startsWith('text/html')) {
        assert(/<title>[^<]+<\/title>/.test(body), 'no <title> in the page');
        assert(body.includes('</html>'), 'the page is cut short');
      } else {
        assert(body.length > 0, `an empty ${type} body`);
      }
    });
  }
  await check('GET of an unknown page is the 404 page', async () => {
    const response = await fetch(`${url}/no-such-page-${Date.now()}`);
    assert(response.status === 404, `status ${response.status}`);
  });

  const marker = `smoke-${randomBytes(6).toString('hex')}`;
  await check('POST /api/contact stores a lead', async () => {
    const response = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({
        firstName: 'Smoke',
        lastName: 'Test',
        company: 'CI',
        email: 'smoke@example.com',
        message: `Smoke test message ${marker}`,
      }),
    });
    assert(response.status === 201, `status ${response.status}: ${await response.text()}`);
  });

  let cookie = '';
  await check('POST /api/admin/login logs the admin in', async () => {
    const response = await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify(admin),
    });
    assert(response.status === 200, `status ${response.status}: ${await response.text()}`);
    cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    assert(cookie.includes('='), 'no session cookie');
    const state = (await (await fetch(`${url}/api/admin/check`, { headers: { cookie } })).json()) as { isAuthenticated?: boolean };
    assert(state.isAuthenticated === true, '/api/admin/check does not know the session');
  });
  await check('the admin finds the lead in the inbox', async () => {
    const response = await fetch(`${url}/api/admin/messages`, { headers: { cookie } });
    assert(response.status === 200, `status ${response.status}`);
    assert((await response.text()).includes(marker), 'the message is not in /api/admin/messages');
    const page = await fetch(`${url}/admin/leads`, { headers: { cookie } });
    assert(page.status === 200, `/admin/leads: status ${page.status}`);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
