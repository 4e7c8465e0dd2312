import { withoutForbiddenOneLine } from '@domain/text-characters.ts';

/**
 * A page's text as it is stored and searched: one line, control characters and unpaired
 * surrogates dropped (the same characters no text field takes, domain/text-characters.ts),
 * every run of whitespace one space, trimmed, at most `maxChars` characters (cut at a word
 * when one ends near the limit, and never inside a surrogate pair).
 */
export function normalizePdfPageText(raw: string, maxChars: number): string {
  const text = withoutForbiddenOneLine(raw.normalize('NFC')).replace(/\s+/gu, ' ').trim();
  if (text.length <= maxChars) return text;
  let cut = text.slice(0, maxChars);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 && space > maxChars - 100 ? cut.slice(0, space) : cut).trimEnd();
}
