import type { DocumentUpdate } from '@domain/documents/schema';
import { type AdminDocument, type DocumentView, viewOfAdmin } from '@domain/documents/types';
import { ApiError, apiJson, apiRequest, failureNotice } from '~/lib/api';

/**
 * The browser's document changes (docs/api.md). Each throws ApiError (~/lib/api) on a non-success
 * answer. Lists are not fetched here: they come from the knowledge-base loader, which the
 * page revalidates after a change.
 */

export async function updateDocument(id: number, update: DocumentUpdate): Promise<DocumentView> {
  return viewOfAdmin(await apiJson<AdminDocument>('PUT', `/api/documents/${id}`, update));
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

/**
 * POST /api/documents/upload with real progress: fetch cannot report upload progress, so
 * this one call uses XMLHttpRequest. Abort with the signal (the dialog's Cancel).
 */
export function uploadDocument(form: FormData, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<AdminDocument> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/documents/upload');
    request.withCredentials = true;
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    // A failure becomes the same ApiError as every other call's ("{status}: {the server's words}", docs/api.md).
    const failure = () => new ApiError(request.status, request.responseText, request.statusText);
    request.addEventListener('load', () => {
      if (request.status < 200 || request.status >= 300) return reject(failure());
      try {
        resolve(JSON.parse(request.responseText) as AdminDocument);
      } catch {
        reject(failure());
      }
    });
    request.addEventListener('error', () => reject(new Error('Network error')));
    request.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** A failure toast's text (docs/api.md): "{status}: {the server's words}", or the call's fallback when no answer came. */
export function failureMessage(error: unknown, fallback: string): string {
  return failureNotice(error, fallback);
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
