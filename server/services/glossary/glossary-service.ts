import type { GlossaryTermInput } from '@domain/glossary/schema.ts';
import type { GlossaryTerm } from '@domain/glossary/term.ts';
import type { Db } from '../../db/connection.ts';
import type { GlossaryTermRow } from '../../db/tables/glossary.ts';
import type { Logger } from '../../logger.ts';
import { type AuditActor, recordAudit, resolveActor } from '../audit/audit-log.ts';
import type { EditOutcome } from '../audit/edit-outcome.ts';
import type { ContentVersion } from '../pages/content-version.ts';
import { glossaryEntries } from '../search/entries.ts';
import type { SearchIndex } from '../search/search-index.ts';
import {
  type GlossarySearch,
  countGlossaryTerms,
  createGlossaryTerm,
  deleteGlossaryTerm,
  findGlossaryRow,
  findGlossaryTerm,
  findTrashedGlossaryRow,
  restoreGlossaryTerm,
  searchGlossaryTerms,
  toTerm,
  trashGlossaryTerm,
  trashedGlossaryTerms,
  updateGlossaryTerm,
} from './queries.ts';

/** A term in the trash, as the trash lists it. */
export interface TrashedTerm {
  id: number;
  title: string;
  deletedAt: number;
  deletedBy: string | null;
}

/** The glossary bound to the app's database: `context.services.glossary`. Visitors' reads see live terms only. */
export interface GlossaryService {
  search(query?: GlossarySearch): Promise<GlossaryTerm[]>;
  count(): Promise<number>;
  find(id: number): Promise<GlossaryTerm | null>;
  create(input: GlossaryTermInput, actor: AuditActor): Promise<GlossaryTerm>;
  /** `expectedVersion`: the version the edit started from; a term changed since is a conflict. */
  update(id: number, input: GlossaryTermInput, actor: AuditActor, expectedVersion?: number): Promise<EditOutcome<GlossaryTerm>>;
  /** To the trash; false when no live term has that id. */
  remove(id: number, actor: AuditActor): Promise<boolean>;
  /** Back from the trash; null when it is not there; RestoreConflictError when its name is taken again. */
  restore(id: number, actor: AuditActor): Promise<GlossaryTerm | null>;
  /** Deleted forever from the trash; false when it is not there. */
  purge(id: number, actor: AuditActor): Promise<boolean>;
  trashed(before?: number): Promise<TrashedTerm[]>;
}

/** What the audit log keeps of a term. */
function auditFields(row: GlossaryTermRow): Record<string, unknown> {
  const { id: _id, updatedAt: _updatedAt, updatedBy: _updatedBy, ...fields } = toTerm(row);
  return fields;
}

/**
 * Every write runs in one transaction with its audit row (docs/trash-and-audit.md).
 * `contentVersion` is raised after every change visitors can see, so cached public pages are
 * made again (server/page-cache/) and a configured CDN is told (server/services/cdn-purge/);
 * a failure to raise it is logged, and the caches' time limits cover it. The search index
 * follows each write in the write's own transaction (docs/search.md): a live term is in it,
 * a trashed or purged one is not.
 */
export function createGlossaryService(db: Db, contentVersion: ContentVersion, logger: Logger, search: SearchIndex): GlossaryService {
  const index = (trx: Db, row: GlossaryTermRow) => search.replaceSource(trx, 'glossary', String(row.id), glossaryEntries(toTerm(row)));
  const unindex = (trx: Db, id: number) => search.removeSource(trx, 'glossary', String(id));

  async function changed(): Promise<void> {
    try {
      await contentVersion.bump({ kind: 'glossary' });
    } catch (error) {
      logger.error({ err: error }, 'could not raise the content version after a glossary change');
    }
  }

  return {
    search: (query) => searchGlossaryTerms(db, query),
    count: () => countGlossaryTerms(db),
    find: (id) => findGlossaryTerm(db, id),

    async create(input, actor) {
      const who = await resolveActor(db, actor);
      const row = await db.transaction().execute(async (trx) => {
        const created = await createGlossaryTerm(trx, input, who.username);
        await index(trx, created);
        await recordAudit(trx, { actor: who, action: 'glossary.create', kind: 'glossary', entityId: created.id, summary: created.term, after: auditFields(created) });
        return created;
      });
      await changed();
      return toTerm(row);
    },

    async update(id, input, actor, expectedVersion) {
      const who = await resolveActor(db, actor);
      // A write that loses a race (the version moved between read and write) reads again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const before = await findGlossaryRow(db, id);
        if (!before) return { kind: 'not-found' };
        if (expectedVersion !== undefined && Number(before.version) !== expectedVersion) {
          return { kind: 'conflict', current: toTerm(before), changedBy: before.updated_by, changedAt: new Date(before.updated_at) };
        }
        const row = await db.transaction().execute(async (trx) => {
          const updated = await updateGlossaryTerm(trx, id, Number(before.version), input, who.username);
          if (!updated) return undefined;
          await index(trx, updated);
          await recordAudit(trx, {
            actor: who,
            action: 'glossary.update',
            kind: 'glossary',
            entityId: id,
            summary: updated.term,
            before: auditFields(before),
            after: auditFields(updated),
          });
          return updated;
        });
        if (!row) continue;
        await changed();
        return { kind: 'saved', item: toTerm(row) };
      }
      throw new Error(`glossary term ${id} kept changing during an update`);
    },

    async remove(id, actor) {
      const who = await resolveActor(db, actor);
      const now = Date.now();
      const row = await db.transaction().execute(async (trx) => {
        const trashed = await trashGlossaryTerm(trx, id, who.username, now);
        if (!trashed) return undefined;
        await unindex(trx, id);
        await recordAudit(trx, { actor: who, action: 'glossary.delete', kind: 'glossary', entityId: id, summary: trashed.term, before: auditFields(trashed), at: now });
        return trashed;
      });
      if (!row) return false;
      await changed();
      return true;
    },

    async restore(id, actor) {
      const who = await resolveActor(db, actor);
      const row = await db.transaction().execute(async (trx) => {
        const trashed = await findTrashedGlossaryRow(trx, id);
        if (!trashed) return undefined;
        const restored = await restoreGlossaryTerm(trx, trashed, who.username);
        if (!restored) return undefined;
        await index(trx, restored);
        await recordAudit(trx, { actor: who, action: 'glossary.restore', kind: 'glossary', entityId: id, summary: restored.term, after: auditFields(restored) });
        return restored;
      });
      if (!row) return null;
      await changed();
      return toTerm(row);
    },

    async purge(id, actor) {
      const who = await resolveActor(db, actor);
      return db.transaction().execute(async (trx) => {
        const deleted = await deleteGlossaryTerm(trx, id);
        if (!deleted) return false;
        await unindex(trx, id);
        await recordAudit(trx, { actor: who, action: 'glossary.purge', kind: 'glossary', entityId: id, summary: deleted.term, before: auditFields(deleted) });
        return true;
      });
    },

    async trashed(before) {
      return (await trashedGlossaryTerms(db, before)).map((row) => ({
        id: Number(row.id),
        title: row.term,
        deletedAt: Number(row.deleted_at),
        deletedBy: row.deleted_by,
      }));
    },
  };
}
