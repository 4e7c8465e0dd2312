import { z } from 'zod';

/**
 * Zod for the schemas shared by browser and server. Import `z` from here, not from 'zod':
 * Zod compiles validators with `new Function` when it may, and in the browser our CSP
 * forbids eval, so even its probe is reported as a violation. The setting must run before
 * any schema is defined, so it lives in the module that hands out `z`.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };

/*
 * The characters no text field takes (DESIGN.md, robustness rules). PostgreSQL refuses NUL
 * in text (a 500 when it got that far) while SQLite stores it, and the other C0 and C1
 * controls are invisible, break CSV and e-mail, and mean nothing in a name or a note.
 * Lone UTF-16 surrogates cannot be encoded as UTF-8 at all: the drivers would silently
 * store U+FFFD instead. So every schema refuses them, with a 400 naming the field, and both
 * databases see the same input. Multi-line fields (a message, a definition) keep tab, LF
 * and CR; one-line fields refuse every control, and line breaks get their own message.
 * The `u` flag makes the surrogate range match only unpaired halves: emoji are fine.
 */
// eslint-disable-next-line no-control-regex -- control characters are what these match
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u;
// eslint-disable-next-line no-control-regex -- control characters are what these match
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u;
/** CR, LF and the Unicode line and paragraph separators: a break in what must be one line. */
const LINE_BREAK = /[\r\n\u2028\u2029]/;

/** True when a multi-line (or, with `multiLine: false`, one-line) text field would refuse the value. */
export function hasForbiddenCharacters(value: string, { multiLine }: { multiLine: boolean }): boolean {
  return multiLine ? MULTI_LINE_FORBIDDEN.test(value) : SINGLE_LINE_FORBIDDEN.test(value) || LINE_BREAK.test(value);
}

export function forbiddenCharactersMessage(label: string): string {
  return `${label} contains characters that are not allowed.`;
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
