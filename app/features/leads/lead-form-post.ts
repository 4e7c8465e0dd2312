import type { FieldErrors } from '@domain/api-error';
import type { ContactValues, DemoValues } from '@domain/leads/fields';

/**
 * A lead form posted without JavaScript (docs/leads.md): it goes to its own page, whose route
 * action (lead-form-action.server.ts) answers that page with the field errors and the values in
 * the same response, and redirects only on success. Nothing the visitor typed is ever put in a
 * URL: the addresses below carry which form, which Request Demo button, and "sent", no more.
 */

/** The hidden field that says which form a post comes from. */
export const LEAD_FORM_FIELD = 'leadForm';
/** The hidden field naming the Request Demo button whose form was posted. */
export const DEMO_KEY_FIELD = 'demoKey';
/** `?demo=<key>`: the page with that button's form open (the no-JavaScript Request Demo link). */
export const DEMO_PARAM = 'demo';
/** `?sent=contact` or `?sent=demo`: where a successful post lands. */
export const SENT_PARAM = 'sent';

export type LeadFormName = 'contact' | 'demo';
export type FailedOutcome = 'invalid' | 'failed' | 'limited';

/** What the action hands the page after a post that was not stored. */
export type LeadActionData =
  | { form: 'contact'; outcome: FailedOutcome; values: ContactValues; fieldErrors: FieldErrors }
  | { form: 'demo'; key: string; outcome: FailedOutcome; values: DemoValues; fieldErrors: FieldErrors };

/** The contact form is on the home page, an index route: `?index` sends the post to its action. */
export const CONTACT_FORM_ACTION = '/?index#contact';

export function contactSentUrl(pathname: string): string {
  return `${pathname}?${SENT_PARAM}=contact#contact`;
}

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

/** The link a Request Demo button follows when JavaScript is off: the same page with its form open. */
export function demoOpenHref(key: string): string {
  return `?${DEMO_PARAM}=${key}#${demoAnchor(key)}`;
}

/** Where that open form posts: the same page and button, so an answer with errors shows it open again. */
export function demoFormAction(pathname: string, key: string): string {
  return `${pathname}${demoOpenHref(key)}`;
}

export function demoSentUrl(pathname: string, key: string): string {
  return `${pathname}?${DEMO_PARAM}=${key}&${SENT_PARAM}=demo#${demoAnchor(key)}`;
}
