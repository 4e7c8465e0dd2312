/**
 * The document library's rules (docs/knowledge-base.md, docs/documents.md) without the validation: categories, messages,
 * limits and file types. Pages import this; the Zod schemas that apply these rules live in
 * schema.ts, used by the admin dialogs and the server, so visitors do not download Zod.
 */

/** Document categories are the knowledge base's eight tab ids. */
export const DOCUMENT_CATEGORIES = [
  'glossary',
  'calculators',
  'infographics',
  'articles',
  'spec-sheets',
  'social-content',
  'tutorials',
  'faq',
] as const;

export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

export function isDocumentCategory(value: unknown): value is DocumentCategory {
  return typeof value === 'string' && (DOCUMENT_CATEGORIES as readonly string[]).includes(value);
}

/** The three upload messages of docs/knowledge-base.md, word for word; the others are ours. */
export const documentMessages = {
  fileRequired: 'Please select a file to upload.',
  categoryRequired: 'Please select a category.',
  titleRequired: 'Please enter a title for the document.',
  categoryUnknown: 'Please select one of the listed categories.',
  titleTooLong: 'The title can have at most 200 characters.',
  descriptionTooLong: 'The description can have at most 2000 characters.',
  imageInvalid: 'Failed to process uploaded image.',
} as const;

export const DOCUMENT_LIMITS = { title: 200, description: 2000, carouselImages: 50 } as const;

/** Carousel images: at most 5 per batch, 5 MB (5242880 bytes) each (docs/knowledge-base.md). */
export const CAROUSEL_LIMITS = { maxFiles: 5, maxFileBytes: 5_242_880 } as const;

/**
 * The file types an admin may upload, recognised from the file's bytes on the server (not
 * its name or claimed type). `ext` is what the download is named with.
 */
export const DOCUMENT_FILE_TYPES = [
  { ext: 'pdf', mime: 'application/pdf', label: 'PDF' },
  { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word' },
  { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'Excel' },
  { ext: 'pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', label: 'PowerPoint' },
  { ext: 'jpg', mime: 'image/jpeg', label: 'JPEG image' },
  { ext: 'png', mime: 'image/png', label: 'PNG image' },
  { ext: 'webp', mime: 'image/webp', label: 'WebP image' },
  { ext: 'gif', mime: 'image/gif', label: 'GIF image' },
  { ext: 'mp4', mime: 'video/mp4', label: 'MP4 video' },
] as const;

export type DocumentFileType = (typeof DOCUMENT_FILE_TYPES)[number];

export function fileTypeByMime(mime: string): DocumentFileType | undefined {
  return DOCUMENT_FILE_TYPES.find((type) => type.mime === mime);
}

/** The file picker's `accept`: a hint for the browser; the server decides from the bytes. */
export const DOCUMENT_ACCEPT = [
  ...DOCUMENT_FILE_TYPES.map((type) => `.${type.ext}`),
  '.jpeg',
  ...DOCUMENT_FILE_TYPES.map((type) => type.mime),
].join(',');

/** A carousel image path as PUT /api/carousel-images returns it. */
export const CAROUSEL_IMAGE_PATH = /^\/objects\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|gif)$/;
