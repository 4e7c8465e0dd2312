/**
 * The anchor of a glossary term's card on the knowledge base (docs/search.md): `term-` and a
 * slug of its name, so `/knowledge-base#term-boil-off-gas` scrolls to and marks it. The slug:
 * lowercase, accents dropped (NFKD), every run of other characters than a-z and 0-9 one '-',
 * no '-' at either end.
 *
 * @example glossaryAnchor('Boil-off gas') === 'term-boil-off-gas'
 */
export function glossaryAnchor(term: string): string {
  const slug = term
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `term-${slug}`;
}
