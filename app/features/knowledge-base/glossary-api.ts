import type { GlossaryTermInput } from '@domain/glossary/schema';
import type { GlossaryTerm } from '@domain/glossary/term';
import { ApiError, apiJson, apiRequest } from '~/lib/api';

/** The admin's glossary calls (SPEC §7). Each throws ApiError on a non-success answer. */
export function createTerm(input: GlossaryTermInput): Promise<GlossaryTerm> {
  return apiJson<GlossaryTerm>('POST', '/api/glossary', input);
}

export function updateTerm(id: number, input: GlossaryTermInput): Promise<GlossaryTerm> {
  return apiJson<GlossaryTerm>('PUT', `/api/glossary/${id}`, input);
}

export async function deleteTerm(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/glossary/${id}`);
}

/** The human message for a failure toast: the server's words, or SPEC §8's fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || error.message;
  return fallback;
}
