import { leadershipIntro } from '@content/leaders';
import { pages } from '@content/pages';
import { PageHeader } from '~/components/layout/page-header';
import { aboutPageJsonLd } from '~/features/leadership/about-page-json-ld';
import { JoinOurTeam } from '~/features/leadership/join-our-team';
import { LeaderCard } from '~/features/leadership/leader-card';
import { pageMeta } from '~/lib/page-meta';
import { siteUrlFrom } from '~/lib/seo';
import { type PublicLeader, companyFrom } from '~/lib/site-content';
import { loadPageSeo } from '~/lib/site-content.server';
import type { Route } from './+types/leadership';

/**
 * The page's search title and the leaders, as published (docs/pages.md, Site content). Their
 * e-mail addresses are kept for the company's records and never leave the server.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [seo, content] = await Promise.all([loadPageSeo(context, 'leadership'), context.siteContent()]);
  const leaders: PublicLeader[] = content.leaders.map(({ email: _email, ...leader }) => leader);
  return { seo, leaders };
}

export const meta: Route.MetaFunction = (args) => {
  const structuredData = args.loaderData
    ? aboutPageJsonLd(siteUrlFrom(args.matches), args.loaderData.seo, companyFrom(args.matches), args.loaderData.leaders)
    : undefined;
  return pageMeta(args, 'leadership', { structuredData });
};

export default function Leadership({ loaderData }: Route.ComponentProps) {
  const { leaders } = loaderData;
  return (
    <>
      <PageHeader title={pages.leadership.heading} lead={leadershipIntro} />
      <div className="bg-slate-50">
        <div className="container-page py-16 sm:py-20">
          <ul id="leadership-team" className="grid gap-8 md:grid-cols-2">
            {leaders.map((leader, index) => (
              <li key={leader.id}>
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
