import { leaders, leadershipIntro } from '@content/leaders';
import { pages } from '@content/pages';
import { PageHeader } from '~/components/layout/page-header';
import { aboutPageJsonLd } from '~/features/leadership/about-page-json-ld';
import { JoinOurTeam } from '~/features/leadership/join-our-team';
import { LeaderCard } from '~/features/leadership/leader-card';
import { pageMeta } from '~/lib/page-meta';
import { siteUrlFrom } from '~/lib/seo';
import type { Route } from './+types/leadership';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'leadership', { structuredData: aboutPageJsonLd(siteUrlFrom(args.matches), leaders) });

export default function Leadership() {
  return (
    <>
      <PageHeader title={pages.leadership.heading} lead={leadershipIntro} />
      <div className="bg-slate-50">
        <div className="container-page py-16 sm:py-20">
          <ul id="leadership-team" className="grid gap-8 md:grid-cols-2">
            {leaders.map((leader, index) => (
              <li key={leader.name}>
                <LeaderCard leader={leader} headingId={`leader-${index + 1}`} />
              </li>
            ))}
          </ul>
          <div className="mt-16 sm:mt-20">
            <JoinOurTeam />
          </div>
        </div>
      </div>
    </>
  );
}
