import type { FieldErrors } from '../api-error.ts';

/**
 * The lead forms' fields, limits and empty values, without Zod: the forms render from these,
 * and load the schemas (./schemas.ts) only to check what is sent, so a page with a form does
 * not download Zod with it (decision 021).
 */

export const LEAD_LIMITS = {
  name: 100,
  company: 200,
  email: 254,
  title: 100,
  phone: 40,
  longText: 5000,
} as const;

export const contactFields = ['firstName', 'lastName', 'company', 'email', 'message'] as const;
export const demoFields = ['name', 'phone', 'email', 'company', 'title', 'notes'] as const;
export const requiredDemoFields = ['name', 'phone', 'email', 'company'] as const;

export type ContactField = (typeof contactFields)[number];
export type DemoField = (typeof demoFields)[number];

/** The form's raw values: what the inputs hold, before trimming. */
export type ContactValues = Record<ContactField, string>;
export type DemoValues = Record<DemoField, string>;

/** The hidden spam trap: people never see it, so only bots fill it in. */
export const HONEYPOT_FIELD = 'website';

export type ValidationResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

export function emptyContactValues(): ContactValues {
  return { firstName: '', lastName: '', company: '', email: '', message: '' };
}

export function emptyDemoValues(): DemoValues {
  return { name: '', phone: '', email: '', company: '', title: '', notes: '' };
}
