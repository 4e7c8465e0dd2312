import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../domain/audit.ts';
import { sweepUploads } from '../../server/services/index.ts';
import { testDialects } from '../helpers/databases.ts';
import { type TestServer, loginAdmin, startTestServer } from '../helpers/server.ts';

/**
 * AUDIT_RETENTION_DAYS (docs/trash-and-audit.md, "Retention"; issue 36): the periodic sweep
 * deletes audit rows older than the retention, in batches, and says so in one `audit.prune`
 * row by `system`, which the Activity page shows in words. Nothing old: nothing written. Unset:
 * nothing is ever deleted.
 */

const DAY_MS = 24 * 60 * 60_000;
const RETENTION_DAYS = 30;
const admin = { username: 'retention-admin', password: 'retention admin password' };

describe.each(testDialects)('audit log retention on %s', (dialect) => {
  let server: TestServer;
  let keeping: TestServer;
  let cookie = '';

  beforeAll(async () => {
    server = await startTestServer(dialect, { AUDIT_RETENTION_DAYS: String(RETENTION_DAYS), ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
    keeping = await startTestServer(dialect);
    cookie = await loginAdmin(server.url, admin);
  });
  afterAll(async () => {
    await server?.close();
    await keeping?.close();
  });

  /** Audit rows `ageDays` old at `now`, each with its own summary. */
  async function oldRows(target: TestServer, now: number, ages: number[], label: string) {
    await target.services.database.db
      .insertInto('audit_log')
      .values(
        ages.map((ageDays, index) => ({
          at: now - ageDays * DAY_MS,
          admin_id: null,
          admin_name: 'anna',
          action: 'glossary.update',
          entity_kind: 'glossary',
          entity_id: String(index + 1),
          summary: `${label} ${index}`,
          before: null,
          after: null,
        })),
      )
      .execute();
  }
  const summaries = async (target: TestServer, label: string) =>
    (await target.services.database.db.selectFrom('audit_log').select('summary').where('summary', 'like', `${label} %`).orderBy('id').execute()).map((row) => row.summary);
  const pruneRows = (target: TestServer) => target.services.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'audit.prune').orderBy('id').execute();

  it('deletes the rows older than the retention with the periodic sweep, keeps the newer ones, and audits the prune', async () => {
    expect(server.services.audit.retentionDays).toBe(RETENTION_DAYS);
    const now = Date.now();
    await oldRows(server, now, [400, 45, 31, 30.5, 29, 1, 0], 'first');
    const swept = await sweepUploads(server.services, now);
    expect(swept.auditRowsPruned).toBe(4);
    expect(await summaries(server, 'first')).toEqual(['first 4', 'first 5', 'first 6']);

    const [prune, ...more] = await pruneRows(server);
    expect(more).toEqual([]);
    const cutoff = new Date(now - RETENTION_DAYS * DAY_MS);
    expect(prune).toMatchObject({ admin_id: null, admin_name: 'system', entity_kind: 'audit', entity_id: null, before: null });
    expect(Number(prune?.at)).toBe(now);
    expect(prune?.summary).toBe(`4 rows from before ${cutoff.toISOString().slice(0, 16).replace('T', ' ')} UTC (older than 30 days)`);
    expect(JSON.parse(prune?.after ?? 'null')).toEqual({ prunedRows: 4, prunedBefore: cutoff.toISOString(), retentionDays: RETENTION_DAYS });

    // Nothing older than the retention now: nothing deleted, nothing written.
    expect((await sweepUploads(server.services, now + 60_000)).auditRowsPruned).toBe(0);
    expect(await pruneRows(server)).toHaveLength(1);
  });

  it('deletes a large log in batches and counts them all in one row', async () => {
    await server.services.database.db.deleteFrom('audit_log').where('action', '=', 'audit.prune').execute();
    const now = Date.now();
    await oldRows(server, now, [90, 80, 70, 60, 50, 40, 35, 10], 'batch');
    expect(await server.services.audit.pruneExpired(now, 3)).toBe(7);
    expect(await summaries(server, 'batch')).toEqual(['batch 7']);
    const rows = await pruneRows(server);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.summary).toMatch(/^7 rows from before /);
    expect(JSON.parse(rows[0]?.after ?? 'null')).toMatchObject({ prunedRows: 7 });
    // Exactly a batch's worth: one more look finds nothing, still one row.
    await server.services.database.db.deleteFrom('audit_log').where('action', '=', 'audit.prune').execute();
    await oldRows(server, now, [50, 40, 35], 'exact');
    expect(await server.services.audit.pruneExpired(now, 3)).toBe(3);
    expect(await pruneRows(server)).toHaveLength(1);
    expect(JSON.parse((await pruneRows(server))[0]?.after ?? 'null')).toMatchObject({ prunedRows: 3 });
  });

  it('shows the prune on the Activity page and its API as the system’s, in words', async () => {
    const page = (await (await fetch(`${server.url}/api/admin/activity?kind=audit`, { headers: { cookie } })).json()) as ActivityPage;
    expect(page.items.length).toBeGreaterThanOrEqual(1);
    expect(page.items[0]).toMatchObject({ admin: 'system', action: 'audit.prune', kind: 'audit', entityId: null });
    expect(page.admins).toContain('system');
    expect(page.kinds).toContain('audit');
    const html = await (await fetch(`${server.url}/admin/activity?kind=audit`, { headers: { cookie } })).text();
    expect(html).toContain('Removed old activity');
    expect(html).toContain('Activity log');
    expect(html).toContain('Rows removed');
  });

  it('keeps every row when AUDIT_RETENTION_DAYS is unset', async () => {
    expect(keeping.services.audit.retentionDays).toBeNull();
    const now = Date.now();
    await oldRows(keeping, now, [36_000, 400, 31], 'kept');
    expect((await sweepUploads(keeping.services, now)).auditRowsPruned).toBe(0);
    expect(await summaries(keeping, 'kept')).toEqual(['kept 0', 'kept 1', 'kept 2']);
    expect(await pruneRows(keeping)).toEqual([]);
  });
});
