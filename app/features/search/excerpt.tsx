import { searchKindLabels } from '@content/search';
import type { Excerpt, SearchHit } from '@domain/search/types';

/**
 * A hit's excerpt: plain text parts, the matched words in <mark> (the service never sends
 * HTML, so nothing here is parsed as markup).
 */
export function ExcerptText({ excerpt, className }: { excerpt: Excerpt; className?: string }) {
  return (
    <span className={className}>
      {excerpt.map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 font-semibold text-ink">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}


/** A hit's label says something its group heading and title do not (not "FAQ" under FAQ, nor a page's own heading again). */
export function showsLabel(hit: SearchHit): hit is SearchHit & { label: string } {
  return Boolean(hit.label) && hit.label !== searchKindLabels[hit.kind] && hit.label !== hit.title;
}
