import type { FieldErrors } from '@domain/api-error';
import { readContactUrlState, readDemoUrlState } from '@domain/leads/form-outcome';
import { validateContactMessage, validateDemoRequest } from '@domain/leads/schemas';

/*
 * A lead form's field errors after a post without JavaScript came back invalid: the URL
 * carries the values, never the messages (domain/leads/form-outcome.ts), so the schema finds
 * them again, here on the server, and a loader hands them to the form. The browser then needs
 * Zod only when the visitor sends (decision 021).
 */

/** The contact form's errors (the home loader's). */
export function contactUrlErrors(search: URLSearchParams): FieldErrors {
  const fromUrl = readContactUrlState(search);
  if (fromUrl?.outcome !== 'invalid') return {};
  const result = validateContactMessage(fromUrl.values);
  return result.ok ? {} : result.fieldErrors;
}

/** The demo request form's errors (the root loader's: a Request Demo button can be on any page). */
export function demoUrlErrors(search: URLSearchParams): FieldErrors {
  const fromUrl = readDemoUrlState(search);
  if (fromUrl?.outcome !== 'invalid') return {};
  const result = validateDemoRequest(fromUrl.values);
  return result.ok ? {} : result.fieldErrors;
}
