import { pages } from '@content/pages';
import type { SitemapCard as SitemapCardContent, SitemapSection } from '@content/sitemap';
import { ArrowRight, BookOpen, ChevronRight, Container, House, LineChart, Scale, Truck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useSectionLink } from '~/lib/scroll-to-section';

const icons = {
  home: House,
  users: Users,
  book: BookOpen,
  'line-chart': LineChart,
  container: Container,
  truck: Truck,
  scale: Scale,
} as const;

const entryLinkClass = 'font-medium text-brand-700 underline-offset-4 hover:underline';

/**
 * A home-page anchor scrolls there (under the sticky header); any other address is a
 * client-side link, and React Router's ScrollRestoration scrolls to its #anchor.
 */
function SectionEntry({
  section,
  onSectionClick,
}: {
  section: SitemapSection;
  onSectionClick: ReturnType<typeof useSectionLink>;
}) {
  const { href, label } = section;
  if (href.startsWith('/#')) {
    return (
      <a href={href} onClick={(event) => onSectionClick(event, href)} className={entryLinkClass}>
        {label}
      </a>
    );
  }
  return (
    <Link to={href} className={entryLinkClass}>
      {label}
    </Link>
  );
}

/** A page of the site: its name links to it; below, what is on it, each part linked. */
export function SitemapCard({ card }: { card: SitemapCardContent }) {
  const onSectionClick = useSectionLink();
  const Icon = icons[card.icon];
  const path = pages[card.page].path;
  const headingId = `sitemap-${card.page}`;
  return (
    <article
      aria-labelledby={headingId}
      className="group flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:shadow-lg"
    >
      <div className="flex items-start gap-4">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <Icon aria-hidden="true" className="h-6 w-6" />
        </span>
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-bold text-ink">
            <Link to={path} className="inline-flex items-center gap-1.5 underline-offset-4 hover:text-brand-700 hover:underline">
              {card.label}
              <ArrowRight aria-hidden="true" className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
            </Link>
          </h3>
          <p className="mt-0.5 font-mono text-xs text-slate-600">{path}</p>
        </div>
      </div>
      <p className="mt-4 text-sm leading-relaxed text-slate-600">{card.description}</p>
      {card.sections.length > 0 ? (
        <ul aria-label={`On the ${card.label} page`} className="mt-5 space-y-2 border-t border-slate-100 pt-5">
          {card.sections.map((section) => (
            <li key={section.label} className="flex gap-2 text-sm text-slate-700">
              <ChevronRight aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
              <SectionEntry section={section} onSectionClick={onSectionClick} />
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
