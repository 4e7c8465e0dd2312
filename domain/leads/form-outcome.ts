import {
  type ContactField,
  type ContactValues,
  type DemoField,
  type DemoValues,
  LEAD_LIMITS,
  contactFields,
  demoFields,
  emptyContactValues,
  emptyDemoValues,
} from './fields.ts';

/**
 * Post/Redirect/Get without cookies: after a classic form post the API answers 303 to a
 * URL that carries the outcome and, on failure, the visitor's values. The page renders
 * from that URL alone. Field errors are NOT put in the URL: the page re-runs the shared
 * schema on the echoed values, so nobody can craft a link that shows made-up messages.
 *
 *   /?contact=sent#contact
 *   /?contact=invalid&firstName=John&email=john%40company#contact
 *   /vpv-market?demo=R1lb&demoResult=invalid&name=…#request-demo-R1lb
 *
 * Shared by the API (builds the URL) and the forms (read it).
 */

export type FormOutcome = 'sent' | 'invalid' | 'failed' | 'limited';
const outcomes: readonly FormOutcome[] = ['sent', 'invalid', 'failed', 'limited'];

export const CONTACT_ANCHOR = 'contact';
export const CONTACT_PARAM = 'contact';
export const DEMO_PARAM = 'demo';
export const DEMO_RESULT_PARAM = 'demoResult';
/** Hidden form fields of the classic posts. */
export const RETURN_TO_FIELD = 'returnTo';
export const DEMO_KEY_FIELD = 'demoKey';

/** Node refuses request heads over 16 KB; keep the redirect well below that. */
const MAX_REDIRECT_LENGTH = 8000;
const longTextFields = new Set<string>(['message', 'notes']);

const fieldLimits: Record<ContactField | DemoField, number> = {
  firstName: LEAD_LIMITS.name,
  lastName: LEAD_LIMITS.name,
  name: LEAD_LIMITS.name,
  company: LEAD_LIMITS.company,
  email: LEAD_LIMITS.email,
  title: LEAD_LIMITS.title,
  phone: LEAD_LIMITS.phone,
  message: LEAD_LIMITS.longText,
  notes: LEAD_LIMITS.longText,
};

export function demoAnchor(key: string): string {
  return `request-demo-${key}`;
}

/** A demo button's key in URLs and anchors: letters and digits only (from React's useId). */
export function toDemoKey(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '').slice(0, 32) || 'demo';
}

export function isDemoKey(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9]{1,32}$/.test(value);
}

/**
 * Where a classic form post may send the visitor back to: a path on this site only, so
 * the redirect can never become an open redirect (no scheme, no //host, no backslash).
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 200) return fallback;
  return /^\/(?![/\\])[A-Za-z0-9\-._~/]*$/.test(value) ? value : fallback;
}

function withValues(
  params: URLSearchParams,
  fields: readonly string[],
  values: Partial<Record<string, unknown>>,
  build: (params: URLSearchParams) => string,
): string {
  const withAll = new URLSearchParams(params);
  const withoutLong = new URLSearchParams(params);
  for (const field of fields) {
    const value = values[field];
    if (typeof value !== 'string' || value === '') continue;
    const clipped = value.slice(0, fieldLimits[field as ContactField | DemoField] + 1);
    withAll.set(field, clipped);
    if (!longTextFields.has(field)) withoutLong.set(field, clipped);
  }
  const full = build(withAll);
  // A long message in the URL could make the follow-up GET too big; the short fields still come back.
  return full.length <= MAX_REDIRECT_LENGTH ? full : build(withoutLong);
}

export function contactRedirectUrl(
  returnPath: string,
  outcome: FormOutcome,
  values: Partial<Record<string, unknown>> = {},
): string {
  const params = new URLSearchParams({ [CONTACT_PARAM]: outcome });
  const build = (search: URLSearchParams) => `${returnPath}?${search.toString()}#${CONTACT_ANCHOR}`;
  return outcome === 'sent' ? build(params) : withValues(params, contactFields, values, build);
}

export function demoRedirectUrl(
  returnPath: string,
  key: string,
  outcome: FormOutcome,
  values: Partial<Record<string, unknown>> = {},
): string {
  const params = new URLSearchParams({ [DEMO_PARAM]: key, [DEMO_RESULT_PARAM]: outcome });
  const build = (search: URLSearchParams) => `${returnPath}?${search.toString()}#${demoAnchor(key)}`;
  return outcome === 'sent' ? build(params) : withValues(params, demoFields, values, build);
}

function readOutcome(value: string | null): FormOutcome | null {
  return outcomes.includes(value as FormOutcome) ? (value as FormOutcome) : null;
}

export interface ContactUrlState {
  outcome: FormOutcome;
  values: ContactValues;
}

export function readContactUrlState(search: URLSearchParams): ContactUrlState | null {
  const outcome = readOutcome(search.get(CONTACT_PARAM));
  if (!outcome) return null;
  const values = emptyContactValues();
  if (outcome !== 'sent') for (const field of contactFields) values[field] = search.get(field) ?? '';
  return { outcome, values };
}

export interface DemoUrlState {
  key: string;
  /** Null when the visitor only opened the form (the no-JavaScript Request Demo link). */
  outcome: FormOutcome | null;
  values: DemoValues;
}

export function readDemoUrlState(search: URLSearchParams): DemoUrlState | null {
  const key = search.get(DEMO_PARAM);
  if (!isDemoKey(key)) return null;
  const outcome = readOutcome(search.get(DEMO_RESULT_PARAM));
  const values = emptyDemoValues();
  if (outcome !== 'sent') for (const field of demoFields) values[field] = search.get(field) ?? '';
  return { key, outcome, values };
}

/** The link a Request Demo button follows when JavaScript is off: the same page with its form open. */
export function demoOpenHref(key: string): string {
  return `?${DEMO_PARAM}=${key}#${demoAnchor(key)}`;
}
