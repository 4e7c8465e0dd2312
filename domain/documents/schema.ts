import { multiLineText, singleLineText, z } from '../zod.ts';
import { CAROUSEL_IMAGE_PATH, DOCUMENT_LIMITS, type DocumentCategory, documentMessages, isDocumentCategory } from './rules.ts';

/**
 * The document library's validation (docs/knowledge-base.md), shared by the upload and edit dialogs
 * (instant feedback) and by server/api/documents.ts (the real check). The rules themselves
 * (categories, messages, limits) live in rules.ts.
 */

const requiredCategory = z
  .string({ error: documentMessages.categoryRequired })
  .trim()
  .min(1, documentMessages.categoryRequired)
  .refine(isDocumentCategory, documentMessages.categoryUnknown)
  .transform((value) => value as DocumentCategory);

/** One line, like its input; control characters are refused in every field (domain/zod.ts). */
const requiredTitle = singleLineText(
  z
    .string({ error: documentMessages.titleRequired })
    .trim()
    .min(1, documentMessages.titleRequired)
    .max(DOCUMENT_LIMITS.title, documentMessages.titleTooLong),
  'Title',
);

/** Trimmed, multi-line (a textarea); an empty description is stored as null (docs/knowledge-base.md). */
const optionalDescription = multiLineText(
  z.string().trim().max(DOCUMENT_LIMITS.description, documentMessages.descriptionTooLong),
  'Description',
)
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * The upload form's text fields. Keys are in the dialog's checking order after the file (category, then
 * title; docs/knowledge-base.md), so the first issue is the message to show.
 */
export const documentUploadFieldsSchema = z.object({
  category: requiredCategory,
  title: requiredTitle,
  description: optionalDescription,
});

export type DocumentUploadFields = z.infer<typeof documentUploadFieldsSchema>;

/** PUT /api/documents/:id. The file itself cannot be changed. */
export const documentUpdateSchema = z.object({
  title: requiredTitle,
  description: optionalDescription,
  category: requiredCategory,
  carouselImages: z
    .array(z.string().regex(CAROUSEL_IMAGE_PATH, 'Unknown carousel image.'))
    .max(DOCUMENT_LIMITS.carouselImages, `A document can have at most ${DOCUMENT_LIMITS.carouselImages} carousel images.`)
    .refine((paths) => new Set(paths).size === paths.length, 'A carousel image is listed twice.')
    .default([]),
});

export type DocumentUpdate = z.infer<typeof documentUpdateSchema>;

/** The first message of a failed parse: what a toast or a 400 answer says. */
export function firstIssue(error: z.ZodError, fallback: string): string {
  return error.issues[0]?.message ?? fallback;
}
