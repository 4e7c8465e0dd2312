import type { GlossaryTermInput } from '@domain/glossary/schema.ts';
import type { GlossaryTerm } from '@domain/glossary/term.ts';
import type { Db } from '../../db/connection.ts';
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

export function createGlossaryService(db: Db): GlossaryService {
  return {
    search: (query) => searchGlossaryTerms(db, query),
    count: () => countGlossaryTerms(db),
    find: (id) => findGlossaryTerm(db, id),
    create: (input) => createGlossaryTerm(db, input),
    update: (id, input) => updateGlossaryTerm(db, id, input),
    remove: (id) => deleteGlossaryTerm(db, id),
  };
}
