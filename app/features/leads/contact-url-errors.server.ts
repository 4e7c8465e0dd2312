import type { FieldErrors } from '@domain/api-error';
import { readContactUrlState } from '@domain/leads/form-outcome';
import { validateContactMessage } from '@domain/leads/schemas';

/**
 * The contact form's field errors after a post without JavaScript came back invalid: the URL
 * carries the values, never the messages (domain/leads/form-outcome.ts), so the schema finds
 * them again, here on the server, and the home loader hands them to the form. The browser
 * then needs Zod only when the visitor sends (decision 021).
 */
export function contactUrlErrors(search: URLSearchParams): FieldErrors {
  const fromUrl = readContactUrlState(search);
  if (fromUrl?.outcome !== 'invalid') return {};
  const result = validateContactMessage(fromUrl.values);
  return result.ok ? {} : result.fieldErrors;
}
