import type { ApiFieldErrors } from '@domain/api-error.ts';
import { describeChanges } from '@domain/site-content/diff.ts';
import { fieldErrorsByPath, parseSiteContent } from '@domain/site-content/schemas.ts';
import {
  type ContentChange,
  type ContentVersionDetail,
  type ContentVersionSummary,
  type EditorState,
  type Leader,
  SITE_CONTENT_KINDS,
  SITE_CONTENT_KIND_NAMES,
  type SiteContentData,
  type SiteContentKind,
  type SiteContentSummary,
} from '@domain/site-content/types.ts';
import type { AuditAction, AuditFields } from '@domain/audit.ts';
import type { Db } from '../../db/connection.ts';
import type { SiteContentRow } from '../../db/tables/site-content.ts';
import type { Logger } from '../../logger.ts';
import type { Storage } from '../../storage/storage.ts';
import { type AuditActor, recordAudit, resolveActor } from '../audit/audit-log.ts';
import type { ContentVersion } from '../pages/content-version.ts';
import { ASSOCIATIONS_SOURCE_ID, associationEntries, faqEntries, leaderEntries, leaderSourceIds, pageEntries, pagePaths } from '../search/entries.ts';
import type { SearchIndex } from '../search/search-index.ts';
import { LeaderPhotos } from './leader-photos.ts';
import { seedSiteContent } from './seed.ts';

/**
 * Editable site content (docs/site-content.md): per kind one published JSON document, a draft
 * beside it and every published version kept whole. Every write runs in one transaction with
 * its audit row and names the revision it started from; a stale one is a conflict, never an
 * overwrite. Publish and restore raise the content version, which retires cached pages and
 * the memo of published() in every process (within a second in the others).
 */

/** What a write came to. */
export type SiteContentOutcome<K extends SiteContentKind = SiteContentKind> =
  | { kind: 'saved'; state: EditorState<K> }
  | { kind: 'invalid'; message: string; fieldErrors: ApiFieldErrors }
  | { kind: 'conflict'; current: EditorState<K>; changedBy: string | null; changedAt: Date }
  | { kind: 'not-found' };

const UNKNOWN_PHOTO = 'Photo is not a known photo. Upload it again.';

/** Thrown inside a transaction that lost a race for the row: rolls it back, the caller answers a conflict. */
class RevisionMoved extends Error {}

function iso(ms: number | string | null): string | null {
  return ms === null ? null : new Date(Number(ms)).toISOString();
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** A change as one line of the audit log. */
function changeLine(change: ContentChange): string {
  const short = (value: string | null) => (value === null ? '(empty)' : value.length > 80 ? `${value.slice(0, 79)}…` : value);
  switch (change.change) {
    case 'added':
      return `${change.label} added`;
    case 'removed':
      return `${change.label} removed`;
    case 'moved':
      return `${change.label} moved from ${change.before ?? '?'} to ${change.after ?? '?'}`;
    default:
      return `${change.label}: ${short(change.before)} → ${short(change.after)}`;
  }
}

export class SiteContentService {
  readonly photos: LeaderPhotos;
  private memo: { version: number; data: Promise<SiteContentData> } | null = null;

  constructor(
    private readonly db: Db,
    storage: Storage,
    private readonly contentVersion: ContentVersion,
    private readonly logger: Logger,
    /** Publishing the FAQ or the search titles re-indexes them in the publish's transaction (docs/search.md). */
    private readonly search: SearchIndex,
  ) {
    this.photos = new LeaderPhotos(db, storage, logger);
  }

  /**
   * Writes version 1 of every kind that has no row yet, from content/*.ts. Safe to run in
   * several processes at once: a row another one inserted first is left alone.
   */
  async seed(now = Date.now()): Promise<void> {
    const existing = new Set((await this.db.selectFrom('site_content').select('kind').execute()).map((row) => row.kind));
    const missing = SITE_CONTENT_KINDS.filter((kind) => !existing.has(kind));
    if (missing.length === 0) return;
    const seed = seedSiteContent();
    await this.db.transaction().execute(async (trx) => {
      for (const kind of missing) {
        const data = JSON.stringify(seed[kind]);
        await trx
          .insertInto('site_content')
          .values({ kind, published: data, published_version: 1, published_at: now, published_by: null, draft: null, draft_updated_at: null, draft_updated_by: null, revision: 1, updated_at: now, updated_by: null })
          .onConflict((conflict) => conflict.column('kind').doNothing())
          .execute();
        await trx
          .insertInto('site_content_versions')
          .values({ kind, version: 1, data, published_at: now, published_by: null, restored_from: null })
          .onConflict((conflict) => conflict.columns(['kind', 'version']).doNothing())
          .execute();
      }
    });
  }

  /**
   * What visitors see: every kind as published. Read once per content version, so a publish
   * here shows at once and one in another process within a second. A kind whose row is
   * missing or unreadable falls back to the seed. The data is frozen: copy before changing.
   */
  async published(): Promise<SiteContentData> {
    const version = await this.contentVersion.current();
    if (this.memo?.version === version) return this.memo.data;
    // Shared by every request until the next publish: frozen, so no caller can change it for the others.
    const data = this.readAll('published').then(deepFreeze);
    const memo = { version, data };
    this.memo = memo;
    data.catch(() => {
      if (this.memo === memo) this.memo = null;
    });
    return data;
  }

  /** Drafts where they exist, published otherwise: the preview an admin asks for. Never memoised. */
  withDrafts(): Promise<SiteContentData> {
    return this.readAll('drafts');
  }

  /** Each kind's state for the overview. */
  async list(): Promise<SiteContentSummary[]> {
    const rows = await this.db.selectFrom('site_content').selectAll().execute();
    const byKind = new Map(rows.map((row) => [row.kind, row]));
    return SITE_CONTENT_KINDS.flatMap((kind) => {
      const row = byKind.get(kind);
      if (!row) return [];
      return [
        {
          kind,
          revision: Number(row.revision),
          publishedVersion: Number(row.published_version),
          publishedAt: iso(row.published_at) ?? '',
          publishedBy: row.published_by,
          hasDraft: row.draft !== null,
          draftUpdatedAt: iso(row.draft_updated_at),
          draftUpdatedBy: row.draft_updated_by,
        },
      ];
    });
  }

  async editorState<K extends SiteContentKind>(kind: K): Promise<EditorState<K>> {
    return this.toState(kind, await this.row(kind));
  }

  /** Saves `data` as the kind's draft; visitors keep seeing the published copy. */
  async saveDraft<K extends SiteContentKind>(kind: K, data: unknown, revision: number, actor: AuditActor): Promise<SiteContentOutcome<K>> {
    const parsed = await this.validate(kind, data);
    if (parsed.kind === 'invalid') return parsed;
    return this.write(kind, revision, actor, async (trx, row, who, now) => {
      await this.update(trx, kind, row, { draft: JSON.stringify(parsed.data), draft_updated_at: now, draft_updated_by: who.username }, who, now);
      const changes = describeChanges(kind, this.parse(kind, row.published), parsed.data).map(changeLine);
      await this.audit(trx, who, 'content.draft', kind, `${SITE_CONTENT_KIND_NAMES[kind]}: draft saved`, { revision: Number(row.revision) }, { revision: Number(row.revision) + 1, changes }, now);
    });
  }

  /** Drops the kind's draft. */
  async discardDraft<K extends SiteContentKind>(kind: K, revision: number, actor: AuditActor): Promise<SiteContentOutcome<K>> {
    return this.write(kind, revision, actor, async (trx, row, who, now) => {
      await this.update(trx, kind, row, { draft: null, draft_updated_at: null, draft_updated_by: null }, who, now);
      const changes = row.draft === null ? [] : describeChanges(kind, this.parse(kind, row.published), this.parse(kind, row.draft)).map(changeLine);
      await this.audit(trx, who, 'content.discard', kind, `${SITE_CONTENT_KIND_NAMES[kind]}: draft discarded`, { revision: Number(row.revision), changes }, { revision: Number(row.revision) + 1 }, now);
    });
  }

  /** Publishes `data` as a new version and clears the draft. */
  async publish<K extends SiteContentKind>(kind: K, data: unknown, revision: number, actor: AuditActor): Promise<SiteContentOutcome<K>> {
    const parsed = await this.validate(kind, data);
    if (parsed.kind === 'invalid') return parsed;
    return this.publishData(kind, parsed.data, revision, actor, null);
  }

  /** Publishes version `version`'s data again, as a new version. */
  async restore<K extends SiteContentKind>(kind: K, version: number, revision: number, actor: AuditActor): Promise<SiteContentOutcome<K>> {
    const old = await this.version(kind, version);
    if (!old) return { kind: 'not-found' };
    // Checked by today's rules: a version from before a rule changed must be fixed in the editor, not restored as it was.
    const parsed = await this.validate(kind, old.data);
    if (parsed.kind === 'invalid') {
      return { ...parsed, message: `Version ${version} does not pass today's checks: ${parsed.message} Open it in the editor, correct it and publish.` };
    }
    return this.publishData(kind, parsed.data, revision, actor, version);
  }

  /** Every version, newest first, each with what changed against the one before. */
  async versions<K extends SiteContentKind>(kind: K): Promise<ContentVersionSummary[]> {
    const rows = await this.db.selectFrom('site_content_versions').selectAll().where('kind', '=', kind).orderBy('version', 'asc').execute();
    const items: ContentVersionSummary[] = [];
    let previous: SiteContentData[K] | null = null;
    for (const row of rows) {
      const data = this.parse(kind, row.data);
      items.push({
        version: Number(row.version),
        publishedAt: iso(row.published_at) ?? '',
        publishedBy: row.published_by,
        restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
        changes: previous === null ? [] : describeChanges(kind, previous, data),
      });
      previous = data;
    }
    return items.reverse();
  }

  async version<K extends SiteContentKind>(kind: K, version: number): Promise<ContentVersionDetail<K> | null> {
    const row = await this.db.selectFrom('site_content_versions').selectAll().where('kind', '=', kind).where('version', '=', version).executeTakeFirst();
    if (!row) return null;
    return {
      version: Number(row.version),
      publishedAt: iso(row.published_at) ?? '',
      publishedBy: row.published_by,
      restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
      data: this.parse(kind, row.data),
    };
  }

  /** See LeaderPhotos.accept. */
  acceptLeaderPhoto(bytes: Buffer, actor: AuditActor) {
    return this.photos.accept(bytes, actor);
  }

  private async publishData<K extends SiteContentKind>(
    kind: K,
    data: SiteContentData[K],
    revision: number,
    actor: AuditActor,
    restoredFrom: number | null,
  ): Promise<SiteContentOutcome<K>> {
    const outcome = await this.write(kind, revision, actor, async (trx, row, who, now) => {
      const version = Number(row.published_version) + 1;
      const json = JSON.stringify(data);
      await this.update(
        trx,
        kind,
        row,
        { published: json, published_version: version, published_at: now, published_by: who.username, draft: null, draft_updated_at: null, draft_updated_by: null },
        who,
        now,
      );
      await trx.insertInto('site_content_versions').values({ kind, version, data: json, published_at: now, published_by: who.username, restored_from: restoredFrom }).execute();
      await this.reindex(trx, kind, data);
      const changes = describeChanges(kind, this.parse(kind, row.published), data).map(changeLine);
      const restored = restoredFrom === null ? {} : { restoredFrom };
      await this.audit(
        trx,
        who,
        restoredFrom === null ? 'content.publish' : 'content.restore',
        kind,
        `${SITE_CONTENT_KIND_NAMES[kind]}: version ${version}${restoredFrom === null ? '' : ` (version ${restoredFrom} restored)`}`,
        { version: version - 1 },
        { version, ...restored, changes },
        now,
      );
    });
    if (outcome.kind === 'saved') await this.changed(kind);
    return outcome;
  }

  /** The search's copy of what was just published: the FAQ's entries, the pages' search titles and descriptions, the leaders, the associations. */
  private async reindex<K extends SiteContentKind>(trx: Db, kind: K, data: SiteContentData[K]): Promise<void> {
    if (kind === 'faq') {
      await this.search.clear(trx, 'faq');
      for (const entry of data as SiteContentData['faq']) await this.search.replaceSource(trx, 'faq', entry.id, faqEntries(entry));
    } else if (kind === 'seo') {
      const entries = pageEntries(data as SiteContentData['seo']);
      for (const path of pagePaths()) await this.search.replaceSource(trx, 'page', path, entries.filter((entry) => entry.sourceId === path));
    } else if (kind === 'leaders') {
      // Cards are numbered by position: every position is replaced, so a leader removed leaves nothing behind.
      const entries = leaderEntries(data as SiteContentData['leaders']);
      for (const sourceId of leaderSourceIds()) await this.search.replaceSource(trx, 'page', sourceId, entries.filter((entry) => entry.sourceId === sourceId));
    } else if (kind === 'associations') {
      await this.search.replaceSource(trx, 'page', ASSOCIATIONS_SOURCE_ID, associationEntries(data as SiteContentData['associations']));
    }
  }

  /** Runs `apply` in one transaction when the kind is still at `revision`; a conflict otherwise. */
  private async write<K extends SiteContentKind>(
    kind: K,
    revision: number,
    actor: AuditActor,
    apply: (trx: Db, row: SiteContentRow, who: AuditActor, now: number) => Promise<void>,
  ): Promise<SiteContentOutcome<K>> {
    const who = await resolveActor(this.db, actor);
    await this.ensureRow(kind);
    let state: EditorState<K> | null;
    try {
      state = await this.db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('site_content').selectAll().where('kind', '=', kind).executeTakeFirst();
        if (!row || Number(row.revision) !== revision) return null;
        await apply(trx, row, who, Date.now());
        return this.toState(kind, await trx.selectFrom('site_content').selectAll().where('kind', '=', kind).executeTakeFirstOrThrow());
      });
    } catch (error) {
      if (!(error instanceof RevisionMoved)) throw error;
      state = null;
    }
    if (state) return { kind: 'saved', state };
    const current = await this.row(kind);
    return { kind: 'conflict', current: this.toState(kind, current), changedBy: current.updated_by, changedAt: new Date(Number(current.updated_at)) };
  }

  /** The row's update, only if no other transaction moved its revision meanwhile (PostgreSQL re-checks after the lock). */
  private async update(trx: Db, kind: SiteContentKind, row: SiteContentRow, values: Partial<Omit<SiteContentRow, 'kind' | 'revision'>>, who: AuditActor, now: number): Promise<void> {
    const result = await trx
      .updateTable('site_content')
      .set({ ...values, revision: Number(row.revision) + 1, updated_at: now, updated_by: who.username })
      .where('kind', '=', kind)
      .where('revision', '=', Number(row.revision))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new RevisionMoved();
  }

  private audit(trx: Db, who: AuditActor, action: AuditAction, kind: SiteContentKind, summary: string, before: AuditFields, after: AuditFields, at: number) {
    return recordAudit(trx, { actor: who, action, kind: 'content', entityId: kind, summary, before, after, at });
  }

  /** The data checked by the kind's schema, and every leader photo it names known. */
  private async validate<K extends SiteContentKind>(
    kind: K,
    data: unknown,
  ): Promise<{ kind: 'valid'; data: SiteContentData[K] } | { kind: 'invalid'; message: string; fieldErrors: ApiFieldErrors }> {
    const parsed = parseSiteContent(kind, data);
    if (!parsed.success) {
      return { kind: 'invalid', message: parsed.error.issues[0]?.message ?? 'Invalid input.', fieldErrors: fieldErrorsByPath(parsed.error) };
    }
    if (kind === 'leaders') {
      const leaders = parsed.data as Leader[];
      const unknown = await this.photos.unknown(leaders.flatMap((leader) => (leader.photo ? [leader.photo.id] : [])));
      const fieldErrors: ApiFieldErrors = {};
      leaders.forEach((leader, index) => {
        if (leader.photo && unknown.has(leader.photo.id)) fieldErrors[`${index}.photo`] = [UNKNOWN_PHOTO];
      });
      if (Object.keys(fieldErrors).length > 0) return { kind: 'invalid', message: UNKNOWN_PHOTO, fieldErrors };
    }
    return { kind: 'valid', data: parsed.data };
  }

  private async readAll(which: 'published' | 'drafts'): Promise<SiteContentData> {
    const rows = await this.db.selectFrom('site_content').select(['kind', 'published', 'draft']).execute();
    const byKind = new Map(rows.map((row) => [row.kind, row]));
    const seed = seedSiteContent();
    const data = { ...seed };
    for (const kind of SITE_CONTENT_KINDS) {
      const row = byKind.get(kind);
      if (!row) continue;
      const text = which === 'drafts' && row.draft !== null ? row.draft : row.published;
      try {
        (data as Record<SiteContentKind, unknown>)[kind] = JSON.parse(text);
      } catch (error) {
        this.logger.error({ err: error, kind }, 'stored site content is not JSON; the seed is shown instead');
      }
    }
    return data;
  }

  private async row(kind: SiteContentKind): Promise<SiteContentRow> {
    const row = await this.db.selectFrom('site_content').selectAll().where('kind', '=', kind).executeTakeFirst();
    if (row) return row;
    await this.seed();
    return this.db.selectFrom('site_content').selectAll().where('kind', '=', kind).executeTakeFirstOrThrow();
  }

  private async ensureRow(kind: SiteContentKind): Promise<void> {
    await this.row(kind);
  }

  private parse<K extends SiteContentKind>(kind: K, text: string): SiteContentData[K] {
    try {
      return JSON.parse(text) as SiteContentData[K];
    } catch (error) {
      this.logger.error({ err: error, kind }, 'stored site content is not JSON; the seed stands in');
      return seedSiteContent()[kind];
    }
  }

  private toState<K extends SiteContentKind>(kind: K, row: SiteContentRow): EditorState<K> {
    return {
      kind,
      revision: Number(row.revision),
      published: this.parse(kind, row.published),
      publishedVersion: Number(row.published_version),
      publishedAt: iso(row.published_at) ?? '',
      publishedBy: row.published_by,
      draft: row.draft === null ? null : this.parse(kind, row.draft),
      draftUpdatedAt: iso(row.draft_updated_at),
      draftUpdatedBy: row.draft_updated_by,
    };
  }

  /** Raises the content version after a publish (and queues the CDN purge of `kind`'s pages); a failure is logged and the page cache's time limit covers it. */
  private async changed(kind: SiteContentKind): Promise<void> {
    try {
      await this.contentVersion.bump({ kind: 'site-content', contentKind: kind });
    } catch (error) {
      this.logger.error({ err: error }, 'could not raise the content version after a site content publish');
    }
  }
}
