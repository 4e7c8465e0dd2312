import type { GlossaryTermInput } from '@domain/glossary/schema';
import type { GlossaryTerm } from '@domain/glossary/term';
import { apiJson, apiRequest } from '~/lib/api';

/** The admin's glossary calls (docs/glossary.md). Each throws ApiError on a non-success answer. */
export function createTerm(input: GlossaryTermInput): Promise<GlossaryTerm> {
  return apiJson<GlossaryTerm>('POST', '/api/glossary', input);
}

export function updateTerm(id: number, input: GlossaryTermInput): Promise<GlossaryTerm> {
  return apiJson<GlossaryTerm>('PUT', `/api/glossary/${id}`, input);
}

export async function deleteTerm(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/glossary/${id}`);
}
