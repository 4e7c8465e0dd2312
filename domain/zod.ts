import { z } from 'zod';
import type { ApiFieldErrors } from './api-error.ts';
import { LINE_BREAK, MULTI_LINE_FORBIDDEN, SINGLE_LINE_FORBIDDEN } from './text-characters.ts';

/**
 * Zod for the schemas shared by browser and server. Import `z` from here, not from 'zod':
 * Zod compiles validators with `new Function` when it may, and in the browser our CSP
 * forbids eval, so even its probe is reported as a violation. The setting must run before
 * any schema is defined, so it lives in the module that hands out `z`.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };

/*
 * Every text field of every schema goes through singleLineText or multiLineText, so NUL and
 * other control characters are a 400 naming the field, identically on SQLite and PostgreSQL.
 * Which characters and why: ./text-characters.ts (Zod-free, so visitor code can share it).
 */
export function forbiddenCharactersMessage(label: string): string {
  return `${label} contains characters that are not allowed.`;
}

/** A string field whose type errors name it: "{label} is required." when absent, "{label} must be text." otherwise. */
export function text(label: string): z.ZodString {
  return z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required.` : `${label} must be text.`),
  });
}

/** Required text: trimmed, not empty, at most `max` characters, on one line or several. */
export function requiredText(label: string, max: number, lines: 'single' | 'multi'): z.ZodString {
  const base = text(label).trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);
  return lines === 'single' ? singleLineText(base, label) : multiLineText(base, label);
}

/**
 * A one-line text field: no line breaks ("Name must be on one line.") and no other control
 * characters. Chain it after `.trim()`, so surrounding whitespace is forgiven, not refused.
 */
export function singleLineText<T extends z.ZodString>(schema: T, label: string): T {
  return schema
    .refine((value) => !LINE_BREAK.test(value), `${label} must be on one line.`)
    .refine((value) => !SINGLE_LINE_FORBIDDEN.test(value), forbiddenCharactersMessage(label));
}

/** A multi-line text field: tab, LF and CR are allowed, other control characters are not. */
export function multiLineText<T extends z.ZodString>(schema: T, label: string): T {
  return schema.refine((value) => !MULTI_LINE_FORBIDDEN.test(value), forbiddenCharactersMessage(label));
}

/**
 * Each top-level field's messages, in the order Zod found them (the API's 400 body,
 * domain/api-error.ts); problems with the whole value (an empty path) name no field.
 */
export function fieldErrorsOf(error: z.ZodError): ApiFieldErrors {
  const lists = new Map<string, string[]>();
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === undefined) continue;
    const list = lists.get(String(field)) ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    lists.set(String(field), list);
  }
  // fromEntries defines own properties, so even a field named "__proto__" stays data.
  return Object.fromEntries(lists);
}
