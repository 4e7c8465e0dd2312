/**
 * The anchor of a glossary term's card on /knowledge-base, `term-<slug>` (docs/glossary.md,
 * Anchors): what the card's id is, what related-term links and search hits point at.
 * Slug: lowercase, accents dropped (NFKD), runs of anything but a-z and 0-9 become one '-',
 * no '-' at either end. 'Boil-off gas' → 'term-boil-off-gas', 'Wobbé Index' → 'term-wobbe-index'.
 */
export function glossaryAnchor(term: string): string {
  const slug = term
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `term-${slug}`;
}
