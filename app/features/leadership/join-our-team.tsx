import { joinOurTeam } from '@content/leaders';
import { ArrowRight, Users } from 'lucide-react';
import { buttonClass } from '~/components/ui/button';
import { useSectionLink } from '~/lib/scroll-to-section';

/** The Join Our Team block (docs/pages.md); View Open Positions goes to /#contact and scrolls there. */
export function JoinOurTeam() {
  const onSectionClick = useSectionLink();
  return (
    <section
      aria-labelledby="join-our-team"
      className="relative isolate overflow-hidden rounded-3xl bg-navy-900 px-6 py-12 text-center sm:px-12 sm:py-16"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(14,156,194,0.35),transparent_60%),radial-gradient(ellipse_at_bottom_right,rgba(249,115,22,0.2),transparent_50%)]"
      />
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-white/10 text-brand-100 ring-1 ring-white/20">
        <Users aria-hidden="true" className="h-7 w-7" />
      </span>
      <h2 id="join-our-team" className="mt-6 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
        {joinOurTeam.heading}
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-slate-300">{joinOurTeam.text}</p>
      <a
        href={joinOurTeam.action.href}
        onClick={(event) => onSectionClick(event, joinOurTeam.action.href)}
        className={buttonClass('accent', 'lg', 'mt-8')}
      >
        {joinOurTeam.action.label}
        <ArrowRight aria-hidden="true" className="h-5 w-5" />
      </a>
    </section>
  );
}
