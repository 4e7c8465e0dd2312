import type { GlossaryTermInput } from '@domain/glossary/schema.ts';
import type { GlossaryTerm } from '@domain/glossary/term.ts';
import type { Db } from '../../db/connection.ts';
import type { Logger } from '../../logger.ts';
import type { ContentVersion } from '../pages/content-version.ts';
import {
  type GlossarySearch,
  countGlossaryTerms,
  createGlossaryTerm,
  deleteGlossaryTerm,
  findGlossaryTerm,
  searchGlossaryTerms,
  updateGlossaryTerm,
} from './queries.ts';

/** The glossary's queries bound to the app's database: `context.services.glossary`. */
export interface GlossaryService {
  search(query?: GlossarySearch): Promise<GlossaryTerm[]>;
  count(): Promise<number>;
  find(id: number): Promise<GlossaryTerm | null>;
  create(input: GlossaryTermInput): Promise<GlossaryTerm>;
  update(id: number, input: GlossaryTermInput): Promise<GlossaryTerm | null>;
  remove(id: number): Promise<boolean>;
}

/**
 * `contentVersion` is raised after every change, so cached public pages are made again
 * (server/page-cache/); a failure to raise it is logged, and the cache's time limit covers it.
 */
export function createGlossaryService(db: Db, contentVersion: ContentVersion, logger: Logger): GlossaryService {
  async function changed<T>(result: T): Promise<T> {
    if (result === null || result === false) return result;
    try {
      await contentVersion.bump();
    } catch (error) {
      logger.error({ err: error }, 'could not raise the content version after a glossary change');
    }
    return result;
  }
  return {
    search: (query) => searchGlossaryTerms(db, query),
    count: () => countGlossaryTerms(db),
    find: (id) => findGlossaryTerm(db, id),
    create: async (input) => changed(await createGlossaryTerm(db, input)),
    update: async (id, input) => changed(await updateGlossaryTerm(db, id, input)),
    remove: async (id) => changed(await deleteGlossaryTerm(db, id)),
  };
}
