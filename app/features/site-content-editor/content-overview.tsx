import { contentEditorCopy as copy } from '@content/admin-content';
import type { SiteContentKind, SiteContentSummary } from '@domain/site-content/types';
import { Building2, HelpCircle, Link2, Search, Users } from 'lucide-react';
import { Link } from 'react-router';
import { AdminPageHeader } from '~/features/admin/admin-nav';
import { formatUtc } from '~/lib/utc-time';
import { CONTENT_PATH } from './editor-fields';

const icons: Record<SiteContentKind, typeof Building2> = {
  company: Building2,
  leaders: Users,
  faq: HelpCircle,
  associations: Link2,
  seo: Search,
};

/** /admin/content (docs/staff-editing.md): each kind of content, what is published and whether a draft waits. */
export function ContentOverview({ items }: { items: SiteContentSummary[] }) {
  return (
    <div className="container-page py-10 sm:py-12">
      <AdminPageHeader current={CONTENT_PATH} back={copy.backToKnowledgeBase} heading={copy.heading} lead={copy.lead} />
      <ul className="mt-8 grid gap-4 md:grid-cols-2" aria-label={copy.heading}>
        {items.map((item) => {
          const kindCopy = copy.kinds[item.kind];
          const Icon = icons[item.kind];
          return (
            <li key={item.kind}>
              <article className="relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600">
                <h2 className="flex items-center gap-2 text-lg font-bold text-ink">
                  <Icon aria-hidden="true" className="h-5 w-5 text-brand-700" />
                  {/* The whole card is the link's target area; the name is the link. */}
                  <Link to={`${CONTENT_PATH}/${item.kind}`} className="after:absolute after:inset-0 focus:outline-none">
                    {kindCopy.heading}
                  </Link>
                </h2>
                <p className="mt-2 flex-1 text-sm text-slate-700">{kindCopy.lead}</p>
                <p className="mt-3 text-sm text-slate-600">{copy.overview.published(item.publishedVersion, formatUtc(item.publishedAt), item.publishedBy)}</p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                  {item.hasDraft ? (
                    <>
                      <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950">{copy.overview.draftPending}</span>
                      {item.draftUpdatedAt ? copy.overview.draftSaved(formatUtc(item.draftUpdatedAt), item.draftUpdatedBy) : null}
                    </>
                  ) : (
                    copy.overview.noDraft
                  )}
                </p>
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
