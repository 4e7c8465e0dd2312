import { requiredText, singleLineText, z } from '../zod.ts';
import { GLOSSARY_CATEGORIES, GLOSSARY_LIMITS, type GlossaryCategoryFilter, normalizeList } from './term.ts';

/**
 * The validation of a glossary term, shared by the admin form (instant feedback) and the API
 * (the real check), plus the search query both the API and the page loader read. The term's
 * shape and limits live in term.ts.
 */

/** Comma-separated text (or a list of strings), normalized to 'a, b, c'; absent means none. One line, like its input. */
function commaList(label: string) {
  return z
    .union([z.string(), z.array(z.string())], { error: `${label} must be comma-separated text.` })
    .nullish()
    .transform((value) => normalizeList(value))
    .pipe(singleLineText(z.string().max(GLOSSARY_LIMITS.list, `${label} must be at most ${GLOSSARY_LIMITS.list} characters.`), label));
}

export const glossaryTermSchema = z.object(
  {
    term: requiredText('Term', GLOSSARY_LIMITS.term, 'single'),
    definition: requiredText('Definition', GLOSSARY_LIMITS.definition, 'multi'),
    category: z
      .enum(GLOSSARY_CATEGORIES, { error: `Category must be one of ${GLOSSARY_CATEGORIES.join(', ')}.` })
      .nullish()
      .transform((value) => value ?? 'general'),
    synonyms: commaList('Synonyms'),
    relatedTerms: commaList('Related terms'),
  },
  { error: 'Send the term as a JSON object.' },
);

/** What the service stores: trimmed, defaulted, lists normalized. */
export type GlossaryTermInput = z.output<typeof glossaryTermSchema>;

/**
 * GET /api/glossary?search=&category= (both optional; category 'all' means no filter). A
 * search is one line without control characters, like every text field: the API answers
 * 400, the page loader (app/features/knowledge-base/glossary.server.ts) an empty result.
 */
export const glossaryQuerySchema = z.object({
  search: singleLineText(
    z
      .string({ error: 'search must be given once, as text.' })
      .trim()
      .max(GLOSSARY_LIMITS.search, `search must be at most ${GLOSSARY_LIMITS.search} characters.`),
    'search',
  )
    .optional()
    .transform((value) => value ?? ''),
  // An empty ?category= (a form left at its first option) means no filter, like no parameter.
  category: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum([...GLOSSARY_CATEGORIES, 'all'], {
        error: `category must be all or one of ${GLOSSARY_CATEGORIES.join(', ')}.`,
      })
      .optional()
      .transform((value): GlossaryCategoryFilter => value ?? 'all'),
  ),
});
