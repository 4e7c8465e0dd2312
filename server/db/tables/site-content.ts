import type { SiteContentKind } from '@domain/site-content/types.ts';
import type { Generated, Selectable } from 'kysely';

/** One kind of editable site content (docs/site-content.md): the published document and its draft, as JSON. Times are epoch ms. */
export interface SiteContentTable {
  kind: SiteContentKind;
  published: string;
  published_version: number;
  published_at: number;
  /** Null for the seed. */
  published_by: string | null;
  draft: string | null;
  draft_updated_at: number | null;
  draft_updated_by: string | null;
  /** Raised by every draft save, discard, publish and restore. */
  revision: Generated<number>;
  /** The last of those writes. */
  updated_at: number;
  updated_by: string | null;
}

/** Every published document, kept whole. */
export interface SiteContentVersionTable {
  kind: SiteContentKind;
  version: number;
  data: string;
  published_at: number;
  published_by: string | null;
  /** The version this one restored. */
  restored_from: number | null;
}

/** A leader photo stored under leader-photos/<id>/<size>.webp. */
export interface LeaderPhotoTable {
  id: string;
  created_at: number;
  created_by: string | null;
}

export type SiteContentRow = Selectable<SiteContentTable>;
export type SiteContentVersionRow = Selectable<SiteContentVersionTable>;

export interface SiteContentTables {
  site_content: SiteContentTable;
  site_content_versions: SiteContentVersionTable;
  leader_photos: LeaderPhotoTable;
}
