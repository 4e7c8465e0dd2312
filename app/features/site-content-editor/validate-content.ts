import { firstMessages } from '@domain/api-error';
import { fieldErrorsByPath, parseSiteContent } from '@domain/site-content/schemas';
import type { SiteContentData, SiteContentKind } from '@domain/site-content/types';
import type { PathErrors } from './editor-fields';

/**
 * The form checked with the schema the API uses (domain/site-content/schemas.ts): the first
 * message of each dotted path, as the API's 400 names them. Empty when the value is valid.
 */
export function validateContent<K extends SiteContentKind>(kind: K, value: SiteContentData[K]): PathErrors {
  const result = parseSiteContent(kind, value);
  return result.success ? {} : firstMessages(fieldErrorsByPath(result.error));
}
