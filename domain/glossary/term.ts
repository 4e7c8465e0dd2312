/**
 * What a glossary term is, without the validation: categories, limits, the API's shape and the
 * comma-list helpers. Pages import this; only the admin form and the server need the Zod
 * schemas in schema.ts, so visitors do not download Zod.
 */

import type { Versioned } from '../versions.ts';

export const GLOSSARY_CATEGORIES = ['lng', 'ngl', 'pipeline', 'processing', 'transportation', 'storage', 'general'] as const;
export type GlossaryCategory = (typeof GLOSSARY_CATEGORIES)[number];
/** The category filter: one category, or 'all' for no filter. */
export type GlossaryCategoryFilter = GlossaryCategory | 'all';

export const GLOSSARY_LIMITS = { term: 200, definition: 5000, list: 1000, search: 200 } as const;

/** A term as the API returns it (docs/glossary.md): synonyms and related terms are comma-separated text. */
export interface GlossaryTerm extends Versioned {
  id: number;
  term: string;
  definition: string;
  category: GlossaryCategory;
  synonyms: string;
  relatedTerms: string;
}

export function isGlossaryCategory(value: unknown): value is GlossaryCategory {
  return typeof value === 'string' && (GLOSSARY_CATEGORIES as readonly string[]).includes(value);
}

/** Splits comma-separated text into trimmed, non-empty items. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Trimmed items without case-insensitive repeats, joined the one way the database keeps them. */
export function normalizeList(value: string | readonly string[] | null | undefined): string {
  const items = typeof value === 'string' ? splitList(value) : (value ?? []).map((item) => item.trim()).filter(Boolean);
  const seen = new Set<string>();
  return items
    .filter((item) => {
      const key = item.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .join(', ');
}
