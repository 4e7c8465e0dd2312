/**
 * The facts and lists staff edit on the site (docs/site-content.md): one JSON document per
 * kind, published and versioned as a whole. Fixed copy (slogan, headings, labels, the 404
 * text, keywords) stays in content/*.ts and is not editable.
 *
 * Shared by the server (storage, API), the public pages (what they render) and the admin
 * editors; Zod-free, so visitor code can import it.
 */

export const SITE_CONTENT_KINDS = ['company', 'leaders', 'faq', 'associations', 'seo'] as const;
export type SiteContentKind = (typeof SITE_CONTENT_KINDS)[number];

export function isSiteContentKind(value: string): value is SiteContentKind {
  return (SITE_CONTENT_KINDS as readonly string[]).includes(value);
}

/** The FAQ's categories, as content/faq.ts names them (the seed checks that the two agree). */
export const FAQ_CATEGORIES = ['general', 'platforms', 'products', 'services', 'safety'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** Every public page with a search title and description, as content/pages.ts names them (the seed checks that the two agree). */
export const PAGE_KEYS = [
  'home',
  'leadership',
  'knowledgeBase',
  'vpvMarket',
  'vpvLease',
  'vpvMarketSandbox',
  'vpvLeaseSandbox',
  'virtualPipeline',
  'lngVsCng',
  'sitemap',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export interface CompanyFacts {
  name: string;
  legalName: string;
  description: string;
  salesEmail: string;
  /** Two forms of one number (checked): "1-888-555-0148" and "+18885550148". */
  phone: { display: string; tel: string };
  address: { street: string; city: string; region: string; regionCode: string; postalCode: string; country: string };
  /** https only; EQUIPMENT_STORE_URL, when set, still wins. */
  equipmentStoreUrl: string;
}

/** An uploaded, square headshot; its public URLs: leaderPhotoUrl(id, size) in ./photos.ts. */
export interface LeaderPhoto {
  id: string;
}

export interface Leader {
  /** Stable within the list (a seed id like `leader-1`, or a UUID the editor made). */
  id: string;
  name: string;
  title: string;
  bio: string;
  /** https only. */
  profileUrl: string;
  /** Kept for the company's records, not shown on the site; may be empty. */
  email: string;
  /** Null: the card shows initials. */
  photo: LeaderPhoto | null;
}

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
  category: FaqCategory;
}

export interface AssociationEntry {
  id: string;
  name: string;
  /** https only when set. */
  url: string | null;
}

export interface Associations {
  associations: AssociationEntry[];
  companies: AssociationEntry[];
}

export interface PageSeo {
  title: string;
  description: string;
}

export type SeoEntries = Record<PageKey, PageSeo>;

export interface SiteContentData {
  company: CompanyFacts;
  leaders: Leader[];
  faq: FaqEntry[];
  associations: Associations;
  seo: SeoEntries;
}

/** One kind in GET /api/admin/content. Times are ISO 8601. */
export interface SiteContentSummary {
  kind: SiteContentKind;
  /** Raised by every draft save, discard, publish and restore: what an edit names to detect a conflict. */
  revision: number;
  publishedVersion: number;
  publishedAt: string;
  /** Null for the seed. */
  publishedBy: string | null;
  hasDraft: boolean;
  draftUpdatedAt: string | null;
  draftUpdatedBy: string | null;
}

/** GET /api/admin/content/:kind and the answer of every write. */
export interface EditorState<K extends SiteContentKind = SiteContentKind> {
  kind: K;
  revision: number;
  published: SiteContentData[K];
  publishedVersion: number;
  publishedAt: string;
  publishedBy: string | null;
  draft: SiteContentData[K] | null;
  draftUpdatedAt: string | null;
  draftUpdatedBy: string | null;
}

/** One line of a version's "what changed". */
export interface ContentChange {
  label: string;
  change: 'added' | 'removed' | 'changed' | 'moved';
  before: string | null;
  after: string | null;
}

/** One row of GET /api/admin/content/:kind/versions, newest first. */
export interface ContentVersionSummary {
  version: number;
  publishedAt: string;
  publishedBy: string | null;
  /** The version this one restored, when it was a restore. */
  restoredFrom: number | null;
  /** Against the version before (version 1: none). */
  changes: ContentChange[];
}

/** GET /api/admin/content/:kind/versions/:version. */
export interface ContentVersionDetail<K extends SiteContentKind = SiteContentKind> {
  version: number;
  publishedAt: string;
  publishedBy: string | null;
  restoredFrom: number | null;
  data: SiteContentData[K];
}

/** The 409 answer to a stale write. */
export interface SiteContentConflictBody {
  message: string;
  current: EditorState;
  changedBy: string | null;
  changedAt: string;
}

export const SITE_CONTENT_CONFLICT_MESSAGE = 'This content was changed by someone else after you opened it.';

/** How the audit log and the History panel name each kind. */
export const SITE_CONTENT_KIND_NAMES: Record<SiteContentKind, string> = {
  company: 'Company facts',
  leaders: 'Leaders',
  faq: 'FAQ',
  associations: 'Industry associations',
  seo: 'Search titles and descriptions',
};
