import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { CompanyFacts, EditorState } from '@domain/site-content/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../helpers/server.ts';

// A real Varnish (Debian's varnish and varnish-modules; .ci/run installs them) with the VCL in
// docs/deploy/varnish.vcl, in front of the production server: visitors' pages come from
// Varnish, an admin's change is purged by the site (CDN_PURGE=varnish) and shows through it,
// the admin's pages and lead posts never come from it, and nothing it keeps carries a cookie.
// Skipped only where varnishd is not installed.
const VARNISHD = '/usr/sbin/varnishd';
const VCL = path.resolve(import.meta.dirname, '..', '..', 'docs', 'deploy', 'varnish.vcl');
/** Ports this test may take for Varnish (the first free one). */
const VARNISH_PORTS = [3710, 3711, 3712, 3713, 3714, 3715, 3716, 3717, 3718, 3719];
const admin = { username: 'varnish-admin', password: 'varnish admin password' };

interface Got {
  status: number;
  headers: Headers;
  body: string;
  /** Varnish names two transactions on a hit (this request's and the one that stored the copy), one otherwise. */
  fromCache: boolean;
}

async function get(url: string, init: RequestInit = {}): Promise<Got> {
  const response = await fetch(url, { redirect: 'manual', ...init, headers: { 'accept-encoding': 'gzip', ...(init.headers as Record<string, string>) } });
  const xVarnish = response.headers.get('x-varnish') ?? '';
  expect(xVarnish, 'the answer came through Varnish').toMatch(/^\d+( \d+)?$/);
  return { status: response.status, headers: response.headers, body: await response.text(), fromCache: xVarnish.includes(' ') };
}

function freePort(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe.skipIf(!existsSync(VARNISHD))('the site behind Varnish with docs/deploy/varnish.vcl', () => {
  let server: TestServer;
  let varnish: ChildProcess | null = null;
  let workDir = '';
  let front = '';
  let cookie = '';
  const varnishOutput: string[] = [];
  /** Every answer Varnish gave from its cache during the tests: none may carry a cookie. */
  const cachedAnswers: { url: string; got: Got }[] = [];

  async function viaVarnish(target: string, init: RequestInit = {}): Promise<Got> {
    const got = await get(`${front}${target}`, init);
    if (got.fromCache) cachedAnswers.push({ url: target, got });
    return got;
  }

  /** GETs a page through Varnish until Varnish answers it from its cache (the site marks a page public once its page cache has it). */
  async function cachedInVarnish(target: string): Promise<Got> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const got = await viaVarnish(target);
      if (got.fromCache) return got;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${target} never came from Varnish`);
  }

  /** GETs through Varnish until `check` holds, for at most `withinMs`; returns whether it did. */
  async function eventually(target: string, check: (got: Got) => boolean, withinMs: number): Promise<Got | null> {
    const deadline = Date.now() + withinMs;
    do {
      const got = await viaVarnish(target);
      if (check(got)) return got;
      await new Promise((resolve) => setTimeout(resolve, 25));
    } while (Date.now() < deadline);
    return null;
  }

  beforeAll(async () => {
    let port = 0;
    for (const candidate of VARNISH_PORTS) {
      if (await freePort(candidate)) {
        port = candidate;
        break;
      }
    }
    expect(port, 'a free port for Varnish in 3710-3719').not.toBe(0);
    front = `http://127.0.0.1:${port}`;
    server = await startTestServer('sqlite', {
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LEADS_RATE_LIMIT: '0',
      CDN_PURGE: 'varnish',
      VARNISH_PURGE_URL: front,
      // One process: nothing else may still serve the old version, so the purge need not wait.
      CDN_PURGE_DELAY_MS: '0',
    });

    // The repository's VCL, pointed at this server's port.
    workDir = await mkdtemp(path.join(os.tmpdir(), 'vpv-varnish-'));
    const vcl = await readFile(VCL, 'utf8');
    const backendPort = new URL(server.url).port;
    const pointed = vcl.replace(/(backend default \{[^}]*?\.port = )"\d+";/, `$1"${backendPort}";`);
    expect(pointed, 'the VCL names a backend port').not.toBe(vcl);
    await writeFile(path.join(workDir, 'site.vcl'), pointed);

    varnish = spawn(
      VARNISHD,
      ['-F', '-j', 'none', '-T', 'none', '-n', path.join(workDir, 'varnish'), '-a', `127.0.0.1:${port}`, '-f', path.join(workDir, 'site.vcl'), '-s', 'malloc,64m'],
      // The VCL reads its grace from this variable, as the site reads the same setting.
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CDN_STALE_WHILE_REVALIDATE: '30' } },
    );
    varnish.stdout?.on('data', (chunk: Buffer) => varnishOutput.push(chunk.toString()));
    varnish.stderr?.on('data', (chunk: Buffer) => varnishOutput.push(chunk.toString()));
    for (let attempt = 0; ; attempt++) {
      const answer = await fetch(`${front}/healthz`).then(
        (response) => response.status,
        () => 0,
      );
      if (answer === 200) break;
      if (attempt > 200 || varnish.exitCode !== null) throw new Error(`Varnish did not start:\n${varnishOutput.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // The admin logs in through Varnish: the answer sets a cookie, so it is not kept.
    const login = await viaVarnish('/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json', origin: front }, body: JSON.stringify(admin) });
    expect(login.status).toBe(200);
    expect(login.fromCache).toBe(false);
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^vpv_admin=/);
  }, 60_000);

  afterAll(async () => {
    if (varnish && varnish.exitCode === null) {
      const exited = new Promise((resolve) => varnish?.once('exit', resolve));
      varnish.kill('SIGTERM');
      await exited;
    }
    await server?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  async function api<T>(method: string, target: string, body?: unknown): Promise<T> {
    const got = await viaVarnish(target, {
      method,
      headers: { cookie, origin: front, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(got.status, `${method} ${target}: ${got.body}`).toBeLessThan(300);
    expect(got.fromCache, `${method} ${target}`).toBe(false);
    return JSON.parse(got.body) as T;
  }

  it('serves a visitor’s page from Varnish: the same page, with Age, no tags and no cookie', async () => {
    const direct = await fetch(`${server.url}/leadership`, { headers: { 'accept-encoding': 'identity' } });
    expect(direct.status).toBe(200);
    const page = await cachedInVarnish('/leadership');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>');
    expect(Number(page.headers.get('age'))).toBeGreaterThanOrEqual(0);
    expect(page.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=300,/);
    expect(page.headers.get('content-security-policy')).not.toMatch(/'nonce-/);
    expect(page.headers.get('surrogate-key')).toBeNull();
    expect(page.headers.get('xkey')).toBeNull();
    // Again: from the cache again, a second later with an Age.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await viaVarnish('/leadership');
    expect(again.fromCache).toBe(true);
    expect(Number(again.headers.get('age'))).toBeGreaterThan(0);
    expect(again.body).toBe(page.body);
  });

  it('purges a glossary change from Varnish: the new term shows through it within a second', async () => {
    const term = 'Varnishable methane';
    // The definition shows only in the term's card (the search box repeats the term itself); the
    // glossary tab shows it whole (the all-kinds results page marks the matched words in it).
    const definition = 'Methane that a purge makes visible.';
    const target = `/knowledge-base?tab=glossary&search=${encodeURIComponent(term)}`;
    const before = await cachedInVarnish(target);
    expect(before.body).not.toContain(definition);
    // Still from Varnish: nothing but a purge will change it for s-maxage (300 s).
    expect((await viaVarnish(target)).fromCache).toBe(true);

    await api('POST', '/api/glossary', { term, definition });
    const after = await eventually(target, (got) => got.body.includes(definition), 1000);
    expect(after, 'the new term through Varnish within a second').not.toBeNull();
    // Varnish keeps the new page in its turn.
    expect((await cachedInVarnish(target)).body).toContain(definition);
    const purges = await server.services.database.db.selectFrom('cdn_purges').selectAll().execute();
    expect(purges.some((row) => String(row.tags).includes('glossary') && row.status === 'sent')).toBe(true);
  });

  it('purges a site content publish: the company facts change on every page through Varnish within a second', async () => {
    const pages = ['/vpv-market', '/leadership'];
    const current = await api<EditorState<'company'>>('GET', '/api/admin/content/company');
    for (const page of pages) expect((await cachedInVarnish(page)).body).toContain(current.published.phone.display);

    const phone: CompanyFacts['phone'] = { display: '1-888-555-0142', tel: '+18885550142' };
    await api('POST', '/api/admin/content/company/publish', { revision: current.revision, data: { ...current.published, phone } });
    for (const page of pages) {
      const after = await eventually(page, (got) => got.body.includes(phone.display), 1000);
      expect(after, `${page} shows the new phone number through Varnish within a second`).not.toBeNull();
      expect(after?.body).not.toContain(current.published.phone.display);
    }
  });

  it('fetches a page from the site once after a purge (and after the start): its first answer is the copy Varnish keeps', async () => {
    const target = '/knowledge-base?tab=faq';
    // What reached the site for this page: one entry per fetch by Varnish.
    const fetched: string[] = [];
    const count = (request: IncomingMessage) => {
      if (request.url === target) fetched.push(request.url);
    };
    server.server.on('request', count);
    try {
      // The very first request for it since the site started.
      const first = await viaVarnish(target);
      expect(first.fromCache).toBe(false);
      expect(first.headers.get('x-page-cache')).toBe('miss');
      expect(first.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=300,/);
      expect(first.headers.get('content-security-policy')).not.toMatch(/'nonce-/);
      expect((await viaVarnish(target)).fromCache).toBe(true);
      expect(fetched).toHaveLength(1);

      // A change the page shows: the site purges its tag from Varnish, then the next visitor's request fetches it once.
      const purges = () => server.services.database.db.selectFrom('cdn_purges').select(['id', 'status']).orderBy('id', 'desc').executeTakeFirst();
      const before = (await purges())?.id ?? 0;
      await api('POST', '/api/glossary', { term: 'Purged once', definition: 'A term whose page Varnish fetches once.' });
      await expect
        .poll(async () => {
          const latest = await purges();
          return latest && latest.id > before ? latest.status : 'not yet';
        }, { timeout: 5000, interval: 25 })
        .toBe('sent');
      fetched.length = 0;
      const afterPurge = await viaVarnish(target);
      expect(afterPurge.fromCache).toBe(false);
      expect(afterPurge.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=300,/);
      for (let round = 0; round < 5; round++) expect((await viaVarnish(target)).fromCache, `request ${round + 2} after the purge`).toBe(true);
      expect(fetched, 'fetches from the site after the purge').toHaveLength(1);
    } finally {
      server.server.off('request', count);
    }
  });

  it('answers a PURGE with tags from the site’s host, and only the tagged pages go', async () => {
    await cachedInVarnish('/vpv-lease');
    await cachedInVarnish('/lng-vs-cng');
    const purge = await fetch(`${front}/`, { method: 'PURGE', headers: { 'xkey-purge': 'page:/vpv-lease' } });
    expect(purge.status).toBe(200);
    expect(await purge.text()).toMatch(/Purged [1-9]\d* objects/);
    expect((await viaVarnish('/vpv-lease')).fromCache).toBe(false);
    expect((await viaVarnish('/lng-vs-cng')).fromCache).toBe(true);
  });

  it('never answers the admin from its cache, nor keeps what the admin gets', async () => {
    await cachedInVarnish('/knowledge-base?tab=glossary');
    for (const target of ['/knowledge-base?tab=glossary', '/knowledge-base?tab=glossary', '/admin/leads', '/admin/leads', '/leadership?preview=drafts']) {
      const got = await viaVarnish(target, { headers: { cookie } });
      expect(got.status, target).toBe(200);
      expect(got.fromCache, target).toBe(false);
      expect(got.headers.get('cache-control'), target).toBe('private, no-store');
    }
    // The admin's page has the admin's controls; the visitor's copy in Varnish has none.
    expect((await viaVarnish('/knowledge-base?tab=glossary', { headers: { cookie } })).body).toContain('All Documents');
    const visitor = await viaVarnish('/knowledge-base?tab=glossary');
    expect(visitor.fromCache).toBe(true);
    expect(visitor.body).not.toContain('All Documents');
  });

  it('sends every lead post to the site', async () => {
    const count = async () =>
      Number((await server.services.database.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const round of [1, 2]) {
      const posted = await viaVarnish('/?index', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: front },
        body: new URLSearchParams({ firstName: 'Vera', lastName: 'Nish', company: 'Nish Gas', email: 'vera@nish.example.com', message: `Round ${round} of the Varnish test: please call about CNG`, leadForm: 'contact', website: '' }).toString(),
      });
      expect(posted.status, `round ${round}`).toBe(303);
      expect(posted.fromCache).toBe(false);
      expect(posted.headers.get('cache-control')).toBe('private, no-store');
    }
    expect(await count()).toBe(before + 2);
  });

  it('gave no answer from its cache that carried a cookie', () => {
    expect(cachedAnswers.length).toBeGreaterThan(5);
    for (const { url, got } of cachedAnswers) expect(got.headers.get('set-cookie'), url).toBeNull();
  });
});
