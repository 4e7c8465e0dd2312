import { searchQuerySchema } from '@domain/search/schema.ts';
import express, { type Router } from 'express';
import type { Services } from '../services/index.ts';
import { invalidInput } from './errors.ts';

/**
 * GET /api/search?q=&kind=&limit= (public; docs/api.md, "Search"): the knowledge base's one
 * search, as the header's search dialog asks it. Any text of `q` is a normal answer: control
 * characters are dropped and a long one is cut (services.search); only a `kind` or `limit`
 * the API does not know, or a repeated parameter, is a 400.
 */
export function createSearchRouter(services: Services): Router {
  const router = express.Router();
  router.get('/search', async (req, res) => {
    const parsed = searchQuerySchema.safeParse(req.query);
    if (!parsed.success) throw invalidInput(parsed.error);
    const { q, kind, limit } = parsed.data;
    res.json(await services.search.query({ q, limit, ...(kind ? { kind } : {}) }));
  });
  return router;
}
