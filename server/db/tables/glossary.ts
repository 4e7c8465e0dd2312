import type { Generated, Selectable } from 'kysely';

/** One glossary term. Synonyms and related terms are comma-separated text (docs/glossary.md). */
export interface GlossaryTermTable {
  id: Generated<number>;
  term: string;
  definition: string;
  /** lng, ngl, pipeline, processing, transportation, storage or general. */
  category: string;
  synonyms: string;
  related_terms: string;
  /** ISO 8601 UTC timestamps. */
  created_at: string;
  updated_at: string;
  /** Raised by every change, restore included (docs/trash-and-audit.md). */
  version: Generated<number>;
  /** The admin who changed it last; null for seeds. */
  updated_by: Generated<string | null>;
  /** Epoch ms when it went to the trash; null while live. */
  deleted_at: Generated<number | null>;
  deleted_by: Generated<string | null>;
}

export type GlossaryTermRow = Selectable<GlossaryTermTable>;

export interface GlossaryTables {
  glossary_terms: GlossaryTermTable;
}
