import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_PARAMETERS, pageCacheKey } from '../../server/page-cache/page-cache.ts';
import { cspWithHashes, inlineScriptHashes } from '../../server/page-cache/inline-script-hashes.ts';

describe('pageCacheKey', () => {
  it('keeps the path and the parameters pages read, in a fixed order', () => {
    expect(pageCacheKey('/leadership')).toBe('/leadership');
    expect(pageCacheKey('/knowledge-base?search=lng&tab=glossary')).toBe('/knowledge-base?search=lng&tab=glossary');
    expect(pageCacheKey('/knowledge-base?tab=glossary&search=lng')).toBe('/knowledge-base?search=lng&tab=glossary');
    expect(pageCacheKey('/knowledge-base.data?tab=faq&_routes=routes%2Fknowledge-base')).toBe(
      '/knowledge-base.data?_routes=routes%2Fknowledge-base&tab=faq',
    );
  });

  it('leaves out every other parameter, so tracking tags and random strings share the page', () => {
    expect(pageCacheKey('/?utm_source=newsletter&fbclid=abc')).toBe('/');
    expect(pageCacheKey(`/sitemap?${Math.random()}=1`)).toBe('/sitemap');
  });

  it('renders, and never keeps, a calculator’s inputs: they are one visitor’s', () => {
    expect(pageCacheKey('/knowledge-base?tab=calculators&amount=12&form=cng')).toBeNull();
  });

  it('keeps a lead form’s open and sent pages, the same for everyone, and nothing a visitor typed', () => {
    expect(pageCacheKey('/vpv-market?sent=demo&demo=R1lb')).toBe('/vpv-market?demo=R1lb&sent=demo');
    expect(pageCacheKey('/?sent=contact')).toBe('/?sent=contact');
    expect(pageCacheKey('/?firstName=John&email=john%40company')).toBe('/');
  });

  it('knows every query parameter a public page reads: a new one must be added to the key or to the uncached set', () => {
    // The admin's pages (/admin/leads, /admin/trash, /admin/activity, /admin/webhooks) are never cached, so their parameters do not count.
    const adminOnly = new Set([
      'app/features/leads/inbox-params.ts',
      'app/features/trash/trash-params.ts',
      'app/features/activity/activity-params.ts',
      'app/features/webhooks/webhooks-params.ts',
    ]);
    const root = path.resolve(import.meta.dirname, '..', '..');
    const read = new Set<string>();
    for (const folder of ['app', 'domain']) {
      for (const file of fs.readdirSync(path.join(root, folder), { recursive: true }).map(String)) {
        const relative = `${folder}/${file.split(path.sep).join('/')}`;
        if (!/\.tsx?$/.test(file) || adminOnly.has(relative)) continue;
        const source = fs.readFileSync(path.join(root, relative), 'utf8');
        // URLSearchParams are named params, searchParams or search here (conventions).
        for (const [, name = ''] of source.matchAll(/\b(?:params|searchParams|search)\.(?:get|getAll|has)\('([^']+)'\)/g)) read.add(name);
      }
    }
    expect(read.size).toBeGreaterThan(5);
    expect([...read].filter((name) => !PAGE_PARAMETERS.has(name))).toEqual([]);
  });

  it('refuses the admin’s pages and their data requests', () => {
    expect(pageCacheKey('/admin')).toBeNull();
    expect(pageCacheKey('/admin/leads?kind=demo')).toBeNull();
    expect(pageCacheKey('/admin.data')).toBeNull();
    expect(pageCacheKey('/admin/leads.data')).toBeNull();
    expect(pageCacheKey('/admin/trash?kind=document')).toBeNull();
    expect(pageCacheKey('/admin/activity.data?admin=alice')).toBeNull();
    expect(pageCacheKey('/administrators')).toBe('/administrators');
  });

  it('leaves React Router’s route discovery alone: its answer depends on its own parameters', () => {
    expect(pageCacheKey('/__manifest?paths=%2Fleadership&version=abc')).toBeNull();
  });
});

describe('inlineScriptHashes', () => {
  it('hashes each inline script once, whatever its type, and skips scripts with src', () => {
    const html =
      '<script nonce="n">a()</script><script type="module" src="/assets/x.js"></script>' +
      '<script type="text/x-deferred-module" nonce="n">import("/x")</script><script>a()</script>';
    // sha256("a()") and sha256('import("/x")'), computed with `printf %s … | openssl dgst -sha256 -binary | base64`.
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='",
      "'sha256-Cjm/eUvPoKsA2R52LjcksF89gnTde5qMtpe9LUk0Lnw='",
    ]);
  });

  it('puts the hashes where the nonce was', () => {
    expect(cspWithHashes("default-src 'self';script-src 'self' 'nonce-abc';object-src 'none'", ["'sha256-x'", "'sha256-y'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-x' 'sha256-y';object-src 'none'",
    );
  });
});
