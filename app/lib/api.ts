/**
 * The browser's API client (SPEC §7): requests send credentials, bodies go as JSON, and
 * any non-success response throws an Error whose message is "{status}: {body text}" (or
 * the status text when the body is empty). No retries, no polling.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The human message from a JSON `{message}` body, or the raw text. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // Not JSON: the body is the message.
    }
    return this.body;
  }
}

export async function apiRequest(method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return response;
}

/** GET and parse JSON; with `on401: 'returnNull'` a 401 yields null instead of throwing. */
export async function apiGet<T>(path: string, options: { on401?: 'throw' | 'returnNull' } = {}): Promise<T | null> {
  const response = await fetch(path, { credentials: 'include' });
  if (response.status === 401 && options.on401 === 'returnNull') return null;
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return (await response.json()) as T;
}

export async function apiJson<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await (await apiRequest(method, path, body)).json()) as T;
}
