import { z } from 'zod';
import { HttpError } from './errors.ts';

/** The largest id an `integer` column holds on PostgreSQL; a bigger one must be a 404, not a database error. */
const MAX_ID = 2_147_483_647;

/**
 * Parses a route's `:id`: a positive integer within the column's range, or a 404 with the
 * area's message (anything else cannot name a row).
 *
 * @example const id = parseIdParam(req.params.id, 'Glossary term not found');
 */
export function parseIdParam(value: unknown, notFoundMessage: string): number {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : 0;
  if (id < 1 || id > MAX_ID) throw new HttpError(404, notFoundMessage);
  return id;
}

/**
 * The `page` and `pageSize` query parameters of a paged admin list, as a Zod shape to spread
 * into the list's query schema: whole numbers from 1, `pageSize` at most `maxPageSize`.
 */
export function pageQueryShape(maxPageSize: number, defaultPageSize: number) {
  return {
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(100_000, 'page is too large')
      .default(1),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number' })
      .int('pageSize must be a whole number')
      .min(1, 'pageSize must be 1 or more')
      .max(maxPageSize, `pageSize must be at most ${maxPageSize}`)
      .default(defaultPageSize),
  };
}
