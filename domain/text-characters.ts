/*
 * The characters no text field takes (DESIGN.md, robustness rules), without Zod so visitor
 * code can use them too; the schemas use them through singleLineText / multiLineText in
 * ./zod.ts. PostgreSQL refuses NUL in text (a 500 when it got that far) while SQLite stores
 * it, and the other C0 and C1 controls are invisible, break CSV and e-mail, and mean nothing
 * in a name or a note. Lone UTF-16 surrogates cannot be encoded as UTF-8 at all: the drivers
 * would silently store U+FFFD instead. Multi-line fields (a message, a definition) keep tab,
 * LF and CR; one-line fields refuse every control, and line breaks get their own message.
 * The `u` flag makes the surrogate range match only unpaired halves: emoji are fine.
 */
// eslint-disable-next-line no-control-regex -- control characters are what these match
export const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u;
/** As MULTI_LINE_FORBIDDEN plus tab; CR and LF are in LINE_BREAK. */
// eslint-disable-next-line no-control-regex -- control characters are what these match
export const SINGLE_LINE_FORBIDDEN = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u;
/** CR, LF and the Unicode line and paragraph separators: a break in what must be one line. */
export const LINE_BREAK = /[\r\n\u2028\u2029]/;

const WHITESPACE_CONTROLS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
const SINGLE_LINE_FORBIDDEN_ALL = new RegExp(SINGLE_LINE_FORBIDDEN.source, 'gu');

/**
 * The value as one line without control characters: tabs and line breaks become spaces,
 * the rest go. Only for a search box and the URL text it shows; input that is stored or
 * acted on is refused with a message, never cleaned.
 */
export function withoutForbiddenOneLine(value: string): string {
  return value.replace(WHITESPACE_CONTROLS, ' ').replace(SINGLE_LINE_FORBIDDEN_ALL, '');
}

