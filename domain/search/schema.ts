import { SEARCH_KINDS, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from './types.ts';
import { z } from '../zod.ts';

/**
 * `GET /api/search?q=&kind=&limit=` (docs/api.md, "Search"), read by the API and usable by any
 * loader. Each parameter at most once (a repeat is a 400, like the glossary's). The text of
 * `q` is never refused: the search service drops control characters and cuts it at
 * SEARCH_QUERY_MAX_CHARS (a visitor's typing is not an input error); an absent or empty `q`
 * is an empty answer.
 */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'q must be given once, as text.' })
    .optional()
    .transform((value) => value ?? ''),
  kind: z.enum(SEARCH_KINDS, { error: `kind must be one of ${SEARCH_KINDS.join(', ')}.` }).optional(),
  limit: z
    .string({ error: 'limit must be given once.' })
    .regex(/^\d{1,3}$/, `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}.`)
    .transform(Number)
    .pipe(z.number().int().min(1, `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}.`).max(SEARCH_LIMIT_MAX, `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}.`))
    .optional()
    .transform((value) => value ?? SEARCH_LIMIT_DEFAULT),
});

export type SearchQueryParams = z.output<typeof searchQuerySchema>;
