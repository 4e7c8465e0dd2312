import { contactFields, demoFields } from '@domain/leads/fields';
import { fieldErrorsOf } from '@domain/zod';
import { firstMessages } from '@domain/api-error';
import { type ActionFunctionArgs, type HeadersFunction, data, redirect } from 'react-router';
import {
  type FailedOutcome,
  type LeadActionData,
  DEMO_KEY_FIELD,
  LEAD_FORM_FIELD,
  contactSentUrl,
  demoSentUrl,
  isDemoKey,
} from './lead-form-post';

const statusOf: Record<FailedOutcome, number> = { invalid: 400, limited: 429, failed: 500 };

/** The form's own fields as the visitor typed them, to fill the inputs again. */
function valuesOf<F extends string>(body: Record<string, string>, fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(fields.map((field) => [field, body[field] ?? ''])) as Record<F, string>;
}

/**
 * The route action of the pages with a lead form (home, the platform pages), for forms posted
 * without JavaScript (docs/leads.md). The server has already checked that the post is
 * same-origin, URL-encoded and small (server/http-guards.ts). The same service call as the JSON
 * API; a stored lead redirects to the page with `sent`, anything else answers the page itself
 * with the outcome, the values and the field errors, so nothing typed reaches a URL or a log.
 */
export async function leadFormAction({ request, context }: ActionFunctionArgs) {
  const body: Record<string, string> = Object.fromEntries(new URLSearchParams(await request.text()));
  const form = body[LEAD_FORM_FIELD];
  if (form !== 'contact' && form !== 'demo') throw data('The post names no lead form.', { status: 400 });
  const key = isDemoKey(body[DEMO_KEY_FIELD]) ? body[DEMO_KEY_FIELD] : 'demo';
  const { pathname } = new URL(request.url);
  const { leads, logger } = context.services;

  let outcome: FailedOutcome;
  let fieldErrors = {};
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  try {
    const result = await leads.submit(form, body, context.client);
    if (result.outcome === 'sent') return redirect(form === 'contact' ? contactSentUrl(pathname) : demoSentUrl(pathname, key), 303);
    outcome = result.outcome;
    if (result.outcome === 'invalid') fieldErrors = firstMessages(fieldErrorsOf(result.error));
    else headers['Retry-After'] = String(result.retryAfterSeconds);
  } catch (error) {
    logger.error({ err: error, kind: form }, 'could not store a lead');
    outcome = 'failed';
  }

  const answer: LeadActionData =
    form === 'contact'
      ? { form, outcome, fieldErrors, values: valuesOf(body, contactFields) }
      : { form, key, outcome, fieldErrors, values: valuesOf(body, demoFields) };
  return data(answer, { status: statusOf[outcome], headers });
}

/** The action's own headers (no-store, Retry-After) reach the answer only through the route's `headers`. */
export const leadFormHeaders: HeadersFunction = ({ actionHeaders }) => actionHeaders;
