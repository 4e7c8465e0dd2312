import type { DocumentFileType } from '@domain/documents/rules.ts';
import { type DocumentUploadFields, documentUploadFieldsSchema } from '@domain/documents/schema.ts';
import type { AdminDocument } from '@domain/documents/types.ts';
import type { z } from 'zod';
import { sniffDocumentType } from './file-types.ts';

/**
 * The one way a document comes in (docs/documents.md, "Intake"). Whichever way its file
 * arrived (one request, in parts, by a signed form, from a link), it is stored first and then
 * handed to DocumentsService.acceptStoredFile, which checks it here and records it. A refusal
 * is one of IntakeRefusal, which server/api/document-upload.ts maps to HTTP and import from
 * link to its socket's message; the limits and wording come from domain/documents/upload-limits.ts.
 */
export type IntakeRefusal =
  | { reason: 'file-missing' }
  | { reason: 'invalid-fields'; error: z.ZodError }
  | { reason: 'too-large'; maxBytes: number }
  | { reason: 'unsupported-type' };

export type IntakeOutcome = { kind: 'accepted'; document: AdminDocument } | ({ kind: 'refused' } & IntakeRefusal);

/** A file in storage, not yet a document: its size and first bytes (at least SNIFF_BYTES of them, or all). */
export interface StoredFileCandidate {
  key: string;
  size: number;
  head: Uint8Array;
  originalName: string;
}

/** The type of a stored file, or why it is refused: empty, over `maxBytes`, or none of the allowed types by its bytes. */
export async function checkStoredFile(
  file: Pick<StoredFileCandidate, 'size' | 'head'>,
  maxBytes: number,
): Promise<DocumentFileType | IntakeRefusal> {
  if (file.size === 0 || file.head.length === 0) return { reason: 'file-missing' };
  if (file.size > maxBytes) return { reason: 'too-large', maxBytes };
  return (await sniffDocumentType(file.head)) ?? { reason: 'unsupported-type' };
}

/** The fields as the upload form's schema takes them (text from a form, a JSON body or a stored upload row). */
export function parseDocumentFields(fields: Record<string, unknown>): DocumentUploadFields | IntakeRefusal {
  const parsed = documentUploadFieldsSchema.safeParse(fields);
  return parsed.success ? parsed.data : { reason: 'invalid-fields', error: parsed.error };
}

export function isRefusal(value: object): value is IntakeRefusal {
  return 'reason' in value;
}
