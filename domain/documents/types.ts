import type { Versioned } from '../versions.ts';
import type { DocumentCategory } from './rules.ts';

/**
 * The documents API's answers (docs/api.md, docs/documents.md). Both lists also carry the stored file's type
 * and size, which the cards show.
 */

/** GET /api/documents/public: what visitors see. */
export interface PublicDocument extends Versioned {
  id: number;
  title: string;
  description: string | null;
  /** The download's file name: the title plus the file's extension. */
  fileName: string;
  category: DocumentCategory;
  /** ISO 8601. */
  createdAt: string;
  carouselImages: string[];
  mimeType: string;
  sizeBytes: number;
}

/** GET /api/documents (admin) and the upload's answer. */
export interface AdminDocument extends Versioned {
  id: number;
  title: string;
  description: string | null;
  filename: string;
  /** The name the file had on the admin's computer; never used to store it. */
  originalName: string;
  category: DocumentCategory;
  uploadedAt: string;
  carouselImages: string[];
  mimeType: string;
  sizeBytes: number;
}

/** One card, from either list: the public shape, which an admin document is mapped onto. */
export type DocumentView = PublicDocument;

export function viewOfAdmin(document: AdminDocument): DocumentView {
  const { filename, originalName: _originalName, uploadedAt, ...rest } = document;
  return { ...rest, fileName: filename, createdAt: uploadedAt };
}
