import type { DocumentUpdate } from '@domain/documents/schema';
import { type AdminDocument, type DocumentView, viewOfAdmin } from '@domain/documents/types';
import { ApiError, apiJson, apiRequest, failureNotice } from '~/lib/api';
import { ifMatch } from '~/lib/edit-conflict';
import { sendWithProgress } from './document-upload-request';

/**
 * The browser's document changes (docs/documents.md). Each throws ApiError (~/lib/api) on a non-success
 * answer. Lists are not fetched here: they come from the knowledge-base loader, which the
 * page revalidates after a change.
 */

/** Sends the version the edit started from (If-Match): a stale one is a 409 (`readConflict`). */
export async function updateDocument(id: number, update: DocumentUpdate, version: number): Promise<DocumentView> {
  return viewOfAdmin(await apiJson<AdminDocument>('PUT', `/api/documents/${id}`, update, ifMatch(version)));
}

export async function deleteDocument(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/documents/${id}`);
}

/** Step 1 of a carousel image: where to PUT it (absolute, as the upload widget wants). */
export async function getUploadUrl(): Promise<string> {
  const { uploadURL } = await apiJson<{ uploadURL: string }>('POST', '/api/objects/upload');
  return new URL(uploadURL, window.location.href).toString();
}

/** Step 3: the server checks the uploaded image and answers its public path. */
export async function acceptCarouselImage(imageURL: string): Promise<string> {
  return (await apiJson<{ objectPath: string }>('PUT', '/api/carousel-images', { imageURL })).objectPath;
}

/** POST /api/documents/upload with real progress (a fraction of the form sent). Abort with the signal (the dialog's Cancel). */
export async function uploadDocument(form: FormData, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<AdminDocument> {
  const request = await sendWithProgress({
    method: 'POST',
    url: '/api/documents/upload',
    body: form,
    signal,
    onProgress: (loaded, total) => {
      if (total > 0) onProgress(loaded / total);
    },
  });
  try {
    return JSON.parse(request.responseText) as AdminDocument;
  } catch {
    // Not the document: the same ApiError as every other call's failure (the server's words).
    throw new ApiError(request.status, request.responseText, request.statusText);
  }
}

/** A failure toast's text (docs/api.md): "{status}: {the server's words}", or the call's fallback when no answer came. */
export function failureMessage(error: unknown, fallback: string): string {
  return failureNotice(error, fallback);
}
