import type { GlossaryTermInput } from '@domain/glossary/schema';
import type { GlossaryTerm } from '@domain/glossary/term';
import { apiJson, apiRequest } from '~/lib/api';
import { ifMatch } from '~/lib/edit-conflict';

/** The admin's glossary calls (docs/glossary.md). Each throws ApiError on a non-success answer. */
export function createTerm(input: GlossaryTermInput): Promise<GlossaryTerm> {
  return apiJson<GlossaryTerm>('POST', '/api/glossary', input);
}

/** Sends the version the edit started from (If-Match): a stale one is a 409 (`readConflict`). */
export function updateTerm(id: number, input: GlossaryTermInput, version: number): Promise<GlossaryTerm> {
  return apiJson<GlossaryTerm>('PUT', `/api/glossary/${id}`, input, ifMatch(version));
}

export async function deleteTerm(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/glossary/${id}`);
}
