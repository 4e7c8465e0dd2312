import type { RestoredItem, TrashItem, TrashKind } from '@domain/trash.ts';
import { TRASH_KINDS } from '@domain/trash.ts';
import type { Logger } from '../../logger.ts';
import { type AuditActor, SYSTEM_ACTOR } from '../audit/audit-log.ts';
import type { DocumentsService } from '../documents/documents-service.ts';
import type { GlossaryService } from '../glossary/glossary-service.ts';
import { type LeadsService, leadTitle } from '../leads/leads-service.ts';

const DAY_MS = 24 * 60 * 60_000;

interface TrashedRow {
  id: number;
  title: string;
  deletedAt: number;
  deletedBy: string | null;
}

/**
 * The trash across its four kinds (docs/trash-and-audit.md): documents, glossary terms,
 * contact messages and demo requests whose `deleted_at` is set. Each kind's service does the
 * writes (with their audit rows); this lists them together, restores and deletes forever by
 * kind, and purges what is older than TRASH_RETENTION_DAYS.
 *
 * The list is merged in memory: the trash holds at most a retention period's deletions,
 * hundreds of rows, so a UNION across four differently shaped tables is not worth it.
 */
export class TrashService {
  constructor(
    private readonly documents: DocumentsService,
    private readonly glossary: GlossaryService,
    private readonly leads: LeadsService,
    private readonly logger: Logger,
    readonly retentionDays: number,
  ) {}

  get retentionMs(): number {
    return this.retentionDays * DAY_MS;
  }

  /** One page of what is in the trash of these kinds (a role sees only the kinds it may restore). */
  async list(kinds: readonly TrashKind[], page: number, pageSize: number): Promise<{ items: TrashItem[]; total: number }> {
    const rows = (await Promise.all(kinds.map(async (each) => (await this.trashedOf(each)).map((row) => ({ kind: each, ...row }))))).flat();
    rows.sort((a, b) => b.deletedAt - a.deletedAt || a.kind.localeCompare(b.kind) || b.id - a.id);
    const items = rows.slice((page - 1) * pageSize, page * pageSize).map((row) => ({
      kind: row.kind,
      id: row.id,
      title: row.title,
      deletedAt: new Date(row.deletedAt).toISOString(),
      deletedBy: row.deletedBy,
      purgeAt: new Date(row.deletedAt + this.retentionMs).toISOString(),
    }));
    return { items, total: rows.length };
  }

  /** What came back (and its new version, for a document or term); null when it is not in the trash; a glossary term whose name is taken throws RestoreConflictError. */
  async restore(kind: TrashKind, id: number, actor: AuditActor): Promise<{ restored: RestoredItem; version: number | null } | null> {
    switch (kind) {
      case 'document': {
        const document = await this.documents.restore(id, actor);
        return document ? { restored: { kind, id, title: document.title }, version: document.version } : null;
      }
      case 'glossary': {
        const term = await this.glossary.restore(id, actor);
        return term ? { restored: { kind, id, title: term.term }, version: term.version } : null;
      }
      case 'contact':
      case 'demo': {
        const lead = await this.leads.restore(kind, id, actor);
        return lead ? { restored: { kind, id, title: leadTitle(lead) }, version: null } : null;
      }
    }
  }

  /** Deletes an item in the trash forever (a document with its file and images); false when it is not there. */
  purge(kind: TrashKind, id: number, actor: AuditActor): Promise<boolean> {
    switch (kind) {
      case 'document':
        return this.documents.purge(id, actor);
      case 'glossary':
        return this.glossary.purge(id, actor);
      case 'contact':
      case 'demo':
        return this.leads.purge(kind, id, actor);
    }
  }

  /**
   * Deletes forever what has been in the trash longer than TRASH_RETENTION_DAYS at `now`,
   * audited as `system`. Run by the periodic upload sweep; returns how many of each kind.
   */
  async purgeExpired(now = Date.now()): Promise<Record<TrashKind, number>> {
    const cutoff = now - this.retentionMs;
    const purged: Record<TrashKind, number> = { document: 0, glossary: 0, contact: 0, demo: 0 };
    for (const kind of TRASH_KINDS) {
      for (const row of await this.trashedOf(kind, cutoff)) {
        if (await this.purge(kind, row.id, SYSTEM_ACTOR)) purged[kind]++;
      }
    }
    const total = Object.values(purged).reduce((sum, count) => sum + count, 0);
    if (total > 0) this.logger.info({ purged, retentionDays: this.retentionDays }, 'trash past its retention deleted');
    return purged;
  }

  private trashedOf(kind: TrashKind, before?: number): Promise<TrashedRow[]> {
    switch (kind) {
      case 'document':
        return this.documents.trashed(before);
      case 'glossary':
        return this.glossary.trashed(before);
      case 'contact':
      case 'demo':
        return this.leads.trashed(kind, before);
    }
  }
}
