import { type ApiFieldErrors, type FieldErrors, firstMessages } from '@domain/api-error';

/**
 * The browser's API client (docs/api.md): requests send credentials, bodies go as JSON, and
 * any non-success response throws an ApiError whose message is "{status}: {body text}" (or
 * the status text when the body is empty). No retries, no polling.
 */
export class ApiError extends Error {
  /** The human message: a JSON body's `message`, or the body text as it came. */
  readonly serverMessage: string;
  /** Each field's messages from a JSON body's `fieldErrors` (a 400 for invalid input); empty otherwise. */
  readonly fieldErrors: ApiFieldErrors;
  /** The body when it is a JSON object (for an answer's other keys, such as the login's `codeRequired`); else null. */
  readonly json: Readonly<Record<string, unknown>> | null;

  constructor(
    readonly status: number,
    readonly body: string,
    readonly statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.json = parseObject(body);
    const message = this.json?.message;
    this.serverMessage = typeof message === 'string' ? message : body;
    this.fieldErrors = isRecord(this.json?.fieldErrors) ? stringLists(this.json.fieldErrors) : {};
  }
}

/**
 * The one reader of a failure response: its status and text become an ApiError. Calls made
 * with XMLHttpRequest (upload progress) build the same error from the request:
 * `new ApiError(request.status, request.responseText, request.statusText)`.
 */
export async function readApiError(response: Response): Promise<ApiError> {
  return new ApiError(response.status, await response.text(), response.statusText);
}

/**
 * What a failure notice says (docs/api.md): "{status}: {the server's words}", such as
 * '401: Invalid username or password'. The server's words are a JSON answer's `message`
 * (not its raw JSON) or the body text, else the status text. A call that got no answer
 * (offline, refused) has no status: the notice says `fallback`, that call's own text.
 *
 * @example
 * toast({ title: 'Failed to add term', description: failureNotice(error, 'Failed to create term'), variant: 'destructive' });
 */
export function failureNotice(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return `${error.status}: ${error.serverMessage || error.statusText || fallback}`;
}

/**
 * The first message of each field of a failed call, for forms that show one message a field;
 * empty for anything but an ApiError that named fields.
 */
export function firstFieldErrors(error: unknown): FieldErrors {
  return error instanceof ApiError ? firstMessages(error.fieldErrors) : {};
}

/** The body as a JSON object, or null for text, an empty body or JSON of another kind. */
function parseObject(body: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Keeps the fields whose value is a list of strings (the shape every 400 sends), dropping the strings that are not. */
function stringLists(fieldErrors: Record<string, unknown>): ApiFieldErrors {
  const entries = Object.entries(fieldErrors).flatMap(([field, messages]) => {
    if (!Array.isArray(messages)) return [];
    const strings = messages.filter((message): message is string => typeof message === 'string');
    return strings.length > 0 ? [[field, strings] as const] : [];
  });
  return Object.fromEntries(entries);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `headers` adds to the request's own (e.g. `If-Match` on an edit, docs/api.md). */
export async function apiRequest(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await readApiError(response);
  return response;
}

/** GET and parse JSON; with `on401: 'returnNull'` a 401 yields null instead of throwing. */
export async function apiGet<T>(path: string, options: { on401?: 'throw' | 'returnNull' } = {}): Promise<T | null> {
  const response = await fetch(path, { credentials: 'include' });
  if (response.status === 401 && options.on401 === 'returnNull') return null;
  if (!response.ok) throw await readApiError(response);
  return (await response.json()) as T;
}

export async function apiJson<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  return (await (await apiRequest(method, path, body, headers)).json()) as T;
}
