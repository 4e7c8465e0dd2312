import { type Permission, ROLES, type Role, can, refusalMessage } from '@domain/permissions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PermissionRule, permissionRuleOf } from '../../server/api/require-admin.ts';
import { createAdmin } from '../../server/services/auth/admins.ts';
import { testDialects } from '../helpers/databases.ts';
import { type TestServer, loadBuild, loginAdmin, startTestServer } from '../helpers/server.ts';

/**
 * The role × endpoint matrix (docs/admin.md, "Roles"): every route of the JSON API, read from
 * its Express router, is either public or named below with the permission its guard
 * declares; each admin call is then made with no session (401), and as each role: 403 with
 * the refusal's words when domain/permissions.ts says no, let past the guard when it says yes.
 * A new endpoint that is in neither list fails the first test: add it here with its permission.
 */

const NO_ID = 999_999;
const SOME_UUID = '00000000-0000-4000-8000-000000000000';
const KEY = `key=documents%2F${SOME_UUID}`;

/** Routes outside the JSON API, all public: probes and cacheable media (server/app.ts). */
const PUBLIC_APP_ROUTES = ['GET /healthz', 'GET /readyz', 'GET /objects/images/:file', 'GET /media/leader-photos/:id/:file'];

/** The catch-all that hands pages to React Router (server/app.ts). */
const PAGES_ROUTE = '/{*splat}';

/** API routes (under /api) any visitor may call (some check a signature or a body of their own). */
const PUBLIC_API_ROUTES = new Set([
  'POST /admin/login',
  'GET /admin/check',
  'POST /admin/logout',
  'POST /contact',
  'POST /request-demo',
  'GET /documents/public',
  'GET /documents/download/:id',
  'GET /glossary',
  'GET /search',
  // Disk storage's signed URLs: the signature is the permission (server/api/disk-storage.ts).
  'PUT /objects/put/uploads/:id',
  'PUT /uploads/parts/:uploadId/:partNumber',
  'POST /uploads/objects',
  'GET /uploads/objects/uploads/:id',
]);

interface Call {
  path: string;
  /** What the call needs; for most it is the guard's own permission. */
  permission: Permission;
  body?: unknown;
  form?: boolean;
}

/** A route's guard: one permission, or 'per kind' for the trash's Restore (domain trashPermission). */
type Guard = Permission | 'per kind';

const endpoint = (guard: Permission, ...calls: Array<Omit<Call, 'permission'> & { permission?: Permission }>) => ({
  guard,
  calls: calls.map((call) => ({ ...call, permission: call.permission ?? guard })),
});

const ADMIN_ROUTES: Record<string, { guard: Guard; calls: Call[] }> = {
  'GET /admin/activity': endpoint('activity:read', { path: '/admin/activity' }),
  'GET /admin/activity.csv': endpoint('activity:read', { path: '/admin/activity.csv' }),

  'GET /documents': endpoint('documents:edit', { path: '/documents' }),
  'POST /documents/upload': endpoint('documents:edit', { path: '/documents/upload', form: true }),
  'PUT /documents/:id': endpoint('documents:edit', { path: `/documents/${NO_ID}`, body: {} }),
  'DELETE /documents/:id': endpoint('documents:edit', { path: `/documents/${NO_ID}` }),
  'POST /objects/upload': endpoint('documents:edit', { path: '/objects/upload' }),
  'PUT /carousel-images': endpoint('documents:edit', { path: '/carousel-images', body: {} }),
  'POST /uploads/s3/multipart': endpoint('documents:edit', { path: '/uploads/s3/multipart', body: {} }),
  'GET /uploads/s3/multipart/:uploadId': endpoint('documents:edit', { path: `/uploads/s3/multipart/${SOME_UUID}?${KEY}` }),
  'GET /uploads/s3/multipart/:uploadId/:partNumber': endpoint('documents:edit', { path: `/uploads/s3/multipart/${SOME_UUID}/1?${KEY}` }),
  'POST /uploads/s3/multipart/:uploadId/complete': endpoint('documents:edit', { path: `/uploads/s3/multipart/${SOME_UUID}/complete?${KEY}`, body: {} }),
  'DELETE /uploads/s3/multipart/:uploadId': endpoint('documents:edit', { path: `/uploads/s3/multipart/${SOME_UUID}?${KEY}` }),
  'GET /uploads/s3/params': endpoint('documents:edit', { path: '/uploads/s3/params' }),
  'POST /uploads/s3/params/complete': endpoint('documents:edit', { path: '/uploads/s3/params/complete' }),
  'GET /uploads/s3/sts': endpoint('documents:edit', { path: '/uploads/s3/sts' }),
  'POST /uploads/url/meta': endpoint('documents:edit', { path: '/uploads/url/meta', body: {} }),
  'POST /uploads/url/get': endpoint('documents:edit', { path: '/uploads/url/get', body: {} }),

  'POST /glossary': endpoint('glossary:edit', { path: '/glossary', body: {} }),
  'PUT /glossary/:id': endpoint('glossary:edit', { path: `/glossary/${NO_ID}`, body: {} }),
  'DELETE /glossary/:id': endpoint('glossary:edit', { path: `/glossary/${NO_ID}` }),

  'GET /admin/messages': endpoint('leads:read', { path: '/admin/messages' }),
  'GET /admin/demo-requests': endpoint('leads:read', { path: '/admin/demo-requests' }),
  'GET /admin/messages.csv': endpoint('leads:read', { path: '/admin/messages.csv' }),
  'GET /admin/demo-requests.csv': endpoint('leads:read', { path: '/admin/demo-requests.csv' }),
  'PATCH /admin/messages/:id': endpoint('leads:edit', { path: `/admin/messages/${NO_ID}`, body: { status: 'closed' } }),
  'PATCH /admin/demo-requests/:id': endpoint('leads:edit', { path: `/admin/demo-requests/${NO_ID}`, body: { status: 'closed' } }),
  'DELETE /admin/messages/:id': endpoint('leads:edit', { path: `/admin/messages/${NO_ID}` }),
  'DELETE /admin/demo-requests/:id': endpoint('leads:edit', { path: `/admin/demo-requests/${NO_ID}` }),
  'GET /admin/notifications/failing': endpoint('deliveries:read', { path: '/admin/notifications/failing' }),
  'POST /admin/notifications/:channel/:id/dismiss': endpoint(
    'deliveries:dismiss',
    { path: `/admin/notifications/email/${NO_ID}/dismiss` },
    { path: `/admin/notifications/webhook/${NO_ID}/dismiss` },
  ),

  'GET /admin/trash': endpoint(
    'trash:read',
    { path: '/admin/trash' },
    // Naming one kind needs that kind's own permission.
    { path: '/admin/trash?kind=document', permission: 'documents:edit' },
    { path: '/admin/trash?kind=glossary', permission: 'glossary:edit' },
    { path: '/admin/trash?kind=contact', permission: 'leads:edit' },
    { path: '/admin/trash?kind=demo', permission: 'leads:edit' },
  ),
  'POST /admin/trash/:kind/:id/restore': {
    guard: 'per kind',
    calls: [
      { path: `/admin/trash/document/${NO_ID}/restore`, permission: 'documents:edit' },
      { path: `/admin/trash/glossary/${NO_ID}/restore`, permission: 'glossary:edit' },
      { path: `/admin/trash/contact/${NO_ID}/restore`, permission: 'leads:edit' },
      { path: `/admin/trash/demo/${NO_ID}/restore`, permission: 'leads:edit' },
    ],
  },
  'DELETE /admin/trash/:kind/:id': endpoint(
    'trash:purge',
    { path: `/admin/trash/document/${NO_ID}` },
    { path: `/admin/trash/glossary/${NO_ID}` },
    { path: `/admin/trash/contact/${NO_ID}` },
    { path: `/admin/trash/demo/${NO_ID}` },
  ),

  'GET /admin/content': endpoint('content:edit', { path: '/admin/content' }),
  'POST /admin/content/leader-photos': endpoint('content:edit', { path: '/admin/content/leader-photos' }),
  'GET /admin/content/:kind': endpoint('content:edit', { path: '/admin/content/faq' }),
  'PUT /admin/content/:kind/draft': endpoint('content:edit', { path: '/admin/content/faq/draft', body: {} }),
  'DELETE /admin/content/:kind/draft': endpoint('content:edit', { path: '/admin/content/nothing/draft', body: {} }),
  'POST /admin/content/:kind/publish': endpoint('content:edit', { path: '/admin/content/nothing/publish', body: {} }),
  'GET /admin/content/:kind/versions': endpoint('content:edit', { path: '/admin/content/faq/versions' }),
  'GET /admin/content/:kind/versions/:version': endpoint('content:edit', { path: `/admin/content/faq/versions/${NO_ID}` }),
  'POST /admin/content/:kind/versions/:version/restore': endpoint('content:edit', { path: `/admin/content/faq/versions/${NO_ID}/restore`, body: {} }),

  'GET /admin/webhooks': endpoint('webhooks:manage', { path: '/admin/webhooks' }),
  'POST /admin/webhooks': endpoint('webhooks:manage', { path: '/admin/webhooks', body: {} }),
  'PUT /admin/webhooks/:id': endpoint('webhooks:manage', { path: `/admin/webhooks/${NO_ID}`, body: {} }),
  'DELETE /admin/webhooks/:id': endpoint('webhooks:manage', { path: `/admin/webhooks/${NO_ID}` }),
  'POST /admin/webhooks/:id/rotate': endpoint('webhooks:manage', { path: `/admin/webhooks/${NO_ID}/rotate` }),
  'POST /admin/webhooks/:id/test': endpoint('webhooks:manage', { path: `/admin/webhooks/${NO_ID}/test` }),
  'GET /admin/webhooks/:id/deliveries': endpoint('webhooks:manage', { path: `/admin/webhooks/${NO_ID}/deliveries` }),
  'GET /admin/webhooks/deliveries/:deliveryId/attempts': endpoint('webhooks:manage', { path: `/admin/webhooks/deliveries/${NO_ID}/attempts` }),
  'POST /admin/webhooks/deliveries/:deliveryId/replay': endpoint('webhooks:manage', { path: `/admin/webhooks/deliveries/${NO_ID}/replay` }),
  'POST /admin/webhooks/deliveries/:deliveryId/dismiss': endpoint('webhooks:manage', { path: `/admin/webhooks/deliveries/${NO_ID}/dismiss` }),
};

/** The admin pages (app/routes.ts) and the permission each loader checks. */
const ADMIN_PAGES: Record<string, Permission> = {
  'admin/leads': 'leads:read',
  'admin/trash': 'trash:read',
  'admin/activity': 'activity:read',
  'admin/webhooks': 'webhooks:manage',
  'admin/content': 'content:edit',
  'admin/content/company': 'content:edit',
  'admin/content/leaders': 'content:edit',
  'admin/content/faq': 'content:edit',
  'admin/content/associations': 'content:edit',
  'admin/content/seo': 'content:edit',
};

/** What the test reads of Express 5's router layers (the `router` package). */
interface RouteLayer {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean>; stack: Array<{ handle: unknown }> };
  handle?: { stack?: RouteLayer[] };
}

/**
 * Every route of the running app, read from its router stack and the routers mounted in it,
 * as 'METHOD /full/path' with the rule of its permission guard (undefined when it has none).
 */
function routesOf(app: unknown): Map<string, PermissionRule | undefined> {
  const routes = new Map<string, PermissionRule | undefined>();
  const walk = (stack: RouteLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const rule = layer.route.stack.map((handler) => permissionRuleOf(handler.handle)).find((found) => found !== undefined);
        for (const method of Object.keys(layer.route.methods).filter((name) => name !== '_all')) {
          routes.set(`${method.toUpperCase()} ${prefix}${layer.route.path}`, rule);
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as { router: { stack: RouteLayer[] } }).router.stack, '');
  return routes;
}

/** 'GET /admin/trash' → 'GET /api/admin/trash'. */
const underApi = (key: string) => key.replace(' /', ' /api/');

const roleAccounts: Record<Role, { username: string; password: string }> = {
  owner: { username: 'matrix-owner', password: 'matrix owner password' },
  editor: { username: 'matrix-editor', password: 'matrix editor password' },
  sales: { username: 'matrix-sales', password: 'matrix sales password' },
};

describe.each(testDialects)('roles enforced on every admin endpoint on %s', (dialect) => {
  let server: TestServer;
  const cookies = {} as Record<Role, string>;

  beforeAll(async () => {
    server = await startTestServer(dialect, { ADMIN_USERNAME: roleAccounts.owner.username, ADMIN_PASSWORD: roleAccounts.owner.password });
    const { db } = server.services.database;
    await createAdmin(db, roleAccounts.editor.username, roleAccounts.editor.password, { role: 'editor' });
    await createAdmin(db, roleAccounts.sales.username, roleAccounts.sales.password, { role: 'sales' });
    for (const role of ROLES) cookies[role] = await loginAdmin(server.url, roleAccounts[role]);
    // Five scrypt hashes (two accounts, three logins) on a busy 2-core machine.
  }, 120_000);
  afterAll(async () => server?.close());

  it('every API route is public or named in the matrix with the permission its guard declares', () => {
    const routes = routesOf(server.server.listeners('request')[0]);
    const publicRoutes = new Set([...PUBLIC_APP_ROUTES, ...[...PUBLIC_API_ROUTES].map(underApi)]);
    const adminRoutes = new Map(Object.entries(ADMIN_ROUTES).map(([key, value]) => [underApi(key), value]));
    const unlisted: string[] = [];
    for (const [key, rule] of routes) {
      // React Router's pages, every method: their loaders are walked below, from the build's routes.
      if (key.endsWith(` ${PAGES_ROUTE}`)) continue;
      if (publicRoutes.has(key)) {
        expect(rule, `${key} is public: no permission guard`).toBeUndefined();
        continue;
      }
      const listed = adminRoutes.get(key);
      if (!listed) {
        unlisted.push(key);
        continue;
      }
      if (listed.guard === 'per kind') expect(typeof rule, key).toBe('function');
      else expect(rule, key).toBe(listed.guard);
    }
    expect(unlisted, 'routes with neither a place in the matrix nor in the public list').toEqual([]);
    // And nothing in the matrix is stale.
    expect([...publicRoutes, ...adminRoutes.keys()].filter((key) => !routes.has(key))).toEqual([]);
  });

  const calls = Object.entries(ADMIN_ROUTES).flatMap(([key, { calls: list }]) =>
    list.map((call) => ({ ...call, method: key.split(' ')[0] ?? 'GET', name: `${key.split(' ')[0]} ${call.path}` })),
  );

  async function send(call: (typeof calls)[number], cookie: string | undefined): Promise<Response> {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    let payload: BodyInit | undefined;
    if (call.form) {
      const data = new FormData();
      data.set('title', 'Matrix');
      data.set('category', 'articles');
      data.set('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'matrix.pdf');
      payload = data;
    } else if (call.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(call.body);
    }
    return fetch(`${server.url}/api${call.path}`, { method: call.method, headers, body: payload });
  }

  it.each(calls)('$name with no session answers 401', async (call) => {
    const response = await send(call, undefined);
    expect(response.status).toBe(401);
  });

  const roleCases = calls.flatMap((call) => ROLES.map((role) => ({ ...call, role, allowed: can(role, call.permission) })));

  it.each(roleCases)('$name as $role: allowed $allowed', async ({ role, allowed, permission, ...call }) => {
    const response = await send({ ...call, permission }, cookies[role]);
    if (allowed) {
      expect([401, 403], `${response.status}: ${await response.clone().text()}`).not.toContain(response.status);
      await response.body?.cancel();
    } else {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: refusalMessage(role, permission) });
    }
  });

  it('every admin page is named with the permission its loader checks', async () => {
    const build = await loadBuild();
    const pages = Object.values(build.routes)
      .map((route) => route?.path)
      .filter((path): path is string => typeof path === 'string' && path.startsWith('admin'));
    expect(pages.sort()).toEqual(Object.keys(ADMIN_PAGES).sort());
  });

  it.each(Object.entries(ADMIN_PAGES).flatMap(([path, permission]) => ROLES.map((role) => ({ path, permission, role }))))(
    'the page /$path as $role',
    async ({ path, permission, role }) => {
      const response = await fetch(`${server.url}/${path}`, { headers: { cookie: cookies[role] } });
      const html = await response.text();
      if (can(role, permission)) {
        expect(response.status).toBe(200);
      } else {
        expect(response.status).toBe(403);
        expect(html).toContain('Not available to your role');
        expect(html).toContain(refusalMessage(role, permission));
      }
    },
  );

  it('an admin page without a session still answers 401', async () => {
    expect((await fetch(`${server.url}/admin/content`)).status).toBe(401);
  });

  it('the trash lists each role only the kinds it may restore', async () => {
    const owner = { cookie: cookies.owner };
    const terms = (await (await fetch(`${server.url}/api/glossary`)).json()) as Array<{ id: number }>;
    const term = terms[0];
    if (!term) throw new Error('no seeded glossary term');
    expect((await fetch(`${server.url}/api/glossary/${term.id}`, { method: 'DELETE', headers: owner })).status).toBe(204);
    const contact = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Rita', lastName: 'Roles', company: 'Matrix Gas', email: 'rita@matrix.example', message: 'A message to trash.' }),
    });
    expect(contact.status).toBe(201);
    const { items } = (await (await fetch(`${server.url}/api/admin/messages`, { headers: owner })).json()) as { items: Array<{ id: number }> };
    const lead = items[0];
    if (!lead) throw new Error('no lead');
    expect((await fetch(`${server.url}/api/admin/messages/${lead.id}`, { method: 'DELETE', headers: owner })).status).toBe(204);

    const kindsFor = async (role: Role) => {
      const page = (await (await fetch(`${server.url}/api/admin/trash`, { headers: { cookie: cookies[role] } })).json()) as { items: Array<{ kind: string }> };
      return [...new Set(page.items.map((item) => item.kind))].sort();
    };
    expect(await kindsFor('owner')).toEqual(['contact', 'glossary']);
    expect(await kindsFor('editor')).toEqual(['glossary']);
    expect(await kindsFor('sales')).toEqual(['contact']);

    // Sales restores the lead; the Editor restores the term; neither deletes forever.
    const salesRestore = await fetch(`${server.url}/api/admin/trash/contact/${lead.id}/restore`, { method: 'POST', headers: { cookie: cookies.sales } });
    expect(salesRestore.status).toBe(200);
    const editorRestore = await fetch(`${server.url}/api/admin/trash/glossary/${term.id}/restore`, { method: 'POST', headers: { cookie: cookies.editor } });
    expect(editorRestore.status).toBe(200);
  });

  it('a role change holds from the admin\'s next request, and ADMIN_USERNAME makes its admin an Owner again', async () => {
    const { db } = server.services.database;
    await db.updateTable('admins').set({ role: 'sales' }).where('username', '=', roleAccounts.owner.username).execute();
    const refused = await fetch(`${server.url}/api/admin/webhooks`, { headers: { cookie: cookies.owner } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Your role (Sales) cannot manage webhooks.' });
    await server.services.auth.bootstrap({ adminUsername: roleAccounts.owner.username, adminPassword: roleAccounts.owner.password, dialect });
    expect((await fetch(`${server.url}/api/admin/webhooks`, { headers: { cookie: cookies.owner } })).status).toBe(200);
    const audit = await db.selectFrom('audit_log').select(['action', 'admin_name']).where('action', '=', 'admin.role').execute();
    expect(audit).toEqual([{ action: 'admin.role', admin_name: 'system' }]);
  });
});
