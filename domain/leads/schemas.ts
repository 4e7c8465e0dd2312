import { firstMessages } from '../api-error.ts';
import { fieldErrorsOf, multiLineText, requiredText, singleLineText, text, z } from '../zod.ts';
import { type ValidationResult, LEAD_LIMITS } from './fields.ts';

// The fields, limits and empty values live in ./fields.ts (no Zod); re-exported for the API.
export * from './fields.ts';

/**
 * The one definition of a valid contact message and demo request, used by the forms in
 * the browser (instant feedback) and by the API (the real check). Strings are trimmed,
 * so "   " counts as empty.
 */


/** Digits, spaces and the punctuation people write phone numbers with (+1 (555) 010-0148 ext. 2). */
const PHONE_CHARACTERS = /^[0-9+().\-\s/xXextEXT]+$/;

/**
 * A required one-line value: names, company, phone. Line breaks would let a value spill into
 * e-mail headers; control characters are refused in every field (domain/zod.ts).
 */
function requiredLine(label: string, max: number) {
  return requiredText(label, max, 'single');
}

function requiredEmail() {
  return requiredLine('Email', LEAD_LIMITS.email).pipe(z.email('Enter a valid e-mail address, such as john@company.com.'));
}

/** Optional text: absent, null and blank all become null. */
function optionalText(label: string, max: number, multiLine: boolean) {
  const base = text(label).trim().max(max, `${label} must be at most ${max} characters.`);
  return (multiLine ? multiLineText(base, label) : singleLineText(base, label))
    .nullish()
    .transform((value) => (value ? value : null));
}

export const contactMessageSchema = z.object({
  firstName: requiredLine('First name', LEAD_LIMITS.name),
  lastName: requiredLine('Last name', LEAD_LIMITS.name),
  company: requiredLine('Company', LEAD_LIMITS.company),
  email: requiredEmail(),
  message: requiredText('Message', LEAD_LIMITS.longText, 'multi'),
});

export const demoRequestSchema = z.object({
  name: requiredLine('Name', LEAD_LIMITS.name),
  phone: requiredLine('Phone', LEAD_LIMITS.phone)
    .refine((value) => PHONE_CHARACTERS.test(value), 'Phone may contain only digits, spaces and + - ( ) .')
    .refine((value) => (value.match(/\d/g)?.length ?? 0) >= 7, 'Enter a phone number with at least 7 digits.'),
  email: requiredEmail(),
  company: requiredLine('Company', LEAD_LIMITS.company),
  title: optionalText('Title', LEAD_LIMITS.title, false),
  notes: optionalText('Notes', LEAD_LIMITS.longText, true),
});

export type ContactMessageInput = z.output<typeof contactMessageSchema>;
export type DemoRequestInput = z.output<typeof demoRequestSchema>;


export function validateContactMessage(input: unknown): ValidationResult<ContactMessageInput> {
  const result = contactMessageSchema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, fieldErrors: firstMessages(fieldErrorsOf(result.error)) };
}

export function validateDemoRequest(input: unknown): ValidationResult<DemoRequestInput> {
  const result = demoRequestSchema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, fieldErrors: firstMessages(fieldErrorsOf(result.error)) };
}
