import type { Excerpt } from '@domain/search/types';

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

/** The address of the results page for a query. */
export function searchPageHref(query: string): string {
  return `/knowledge-base?search=${encodeURIComponent(query)}`;
}
