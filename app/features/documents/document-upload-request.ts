import { ApiError } from '~/lib/api';

/**
 * What the upload dialog's transfers share: the one request with upload progress (fetch
 * cannot report it, so it is XMLHttpRequest), and the one way a stopped transfer ends, an
 * AbortError as fetch's own, which the dialog ignores (pause, close, Cancel).
 */

export function abortError(): DOMException {
  return new DOMException('Upload paused or cancelled', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';
}

/** No answer at all: the network (retried like a status 0). */
export class NetworkError extends Error {
  constructor() {
    super('Network error');
    this.name = 'NetworkError';
  }
}

export interface ProgressRequest {
  method: 'POST' | 'PUT';
  url: string;
  body: XMLHttpRequestBodyInit;
  signal: AbortSignal;
  /** Bytes of the body sent so far, and its size (0 while the browser does not know it). */
  onProgress?: (loaded: number, total: number) => void;
  /** The request object; tests hand in their own, browsers use XMLHttpRequest. */
  createRequest?: () => XMLHttpRequest;
}

/**
 * Sends one request with upload progress. Resolves with the finished request on a 2xx;
 * rejects with the same ApiError as every other call on any other status, a NetworkError when
 * no answer came, and an AbortError as soon as the signal aborts (the request is aborted too).
 */
export function sendWithProgress({ method, url, body, signal, onProgress, createRequest = () => new XMLHttpRequest() }: ProgressRequest): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const request = createRequest();
    const onAbort = () => request.abort();
    const settle = (outcome: () => void) => {
      signal.removeEventListener('abort', onAbort);
      outcome();
    };
    request.open(method, url);
    request.upload.addEventListener('progress', (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : 0));
    request.addEventListener('load', () =>
      settle(() => (request.status >= 200 && request.status < 300 ? resolve(request) : reject(new ApiError(request.status, request.responseText, request.statusText)))),
    );
    request.addEventListener('error', () => settle(() => reject(new NetworkError())));
    request.addEventListener('abort', () => settle(() => reject(abortError())));
    signal.addEventListener('abort', onAbort, { once: true });
    request.send(body);
  });
}
