import { glossaryCopy, glossaryCategoryLabels } from '@content/knowledge-base';
import { type GlossaryTerm, splitList } from '@domain/glossary/term';
import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import type { RelatedLink } from './glossary-filter';
import { targetableCard } from './use-hash-target';

export interface TermAdminActions {
  onEdit: (term: GlossaryTerm) => void;
  onDelete: (term: GlossaryTerm) => void;
}

/** One glossary entry: term, category, definition, synonyms and links to related terms. */
export function GlossaryTermCard({
  term,
  anchorId,
  related,
  targeted = false,
  admin,
}: {
  term: GlossaryTerm;
  anchorId: string;
  /** The address's #fragment names this card (a search hit, a related-term link): it is marked. */
  targeted?: boolean;
  related: RelatedLink[];
  /** Present only for a logged-in admin. */
  admin?: TermAdminActions;
}) {
  const synonyms = splitList(term.synonyms);
  return (
    <article
      id={anchorId}
      aria-labelledby={`${anchorId}-name`}
      data-targeted={targeted || undefined}
      // content-visibility: the browser lays out and paints only the cards near the screen (the
      // glossary is ~100 cards, ~3,000 boxes on a phone), which keeps the first layout short;
      // find in page, anchors and screen readers still see every card.
      // The card the address names is marked: :target without JavaScript, data-targeted after a
      // router navigation (docs/glossary.md, Anchors). While one is, every card is laid out for
      // real: estimated heights above it would otherwise move it after the browser scrolled there.
      className={`${targetableCard} flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow [contain-intrinsic-size:auto_14rem] [content-visibility:auto] group-has-[:target]:[content-visibility:visible] group-has-[[data-targeted]]:[content-visibility:visible]`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={`${anchorId}-name`} className="text-lg font-bold leading-snug text-ink">
          {term.term}
        </h3>
        <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200">
          {glossaryCategoryLabels[term.category]}
        </span>
      </div>
      <p className="mt-2 text-sm leading-relaxed text-slate-700">{term.definition}</p>
      {synonyms.length > 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-semibold text-ink">{glossaryCopy.synonymsLabel}: </span>
          {synonyms.join(', ')}
        </p>
      ) : null}
      {related.length > 0 ? (
        <div className="mt-3 text-sm">
          <span className="font-semibold text-ink">{glossaryCopy.relatedLabel}: </span>
          <ul className="inline">
            {related.map((link, index) => (
              <li key={link.label} className="inline">
                {link.href.startsWith('#') ? (
                  <a href={link.href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                    {link.label}
                  </a>
                ) : (
                  <Link to={link.href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                    {link.label}
                  </Link>
                )}
                {index < related.length - 1 ? ', ' : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {admin ? (
        <div className="mt-4 flex gap-2 border-t border-slate-100 pt-3">
          <Button variant="outline" size="sm" onClick={() => admin.onEdit(term)} aria-label={`Edit ${term.term}`}>
            <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            onClick={() => admin.onDelete(term)}
            aria-label={`Delete ${term.term}`}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete
          </Button>
        </div>
      ) : null}
    </article>
  );
}
