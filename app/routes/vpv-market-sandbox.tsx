import { pages } from '@content/pages';
import { PageHeader } from '~/components/layout/page-header';
import { pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/vpv-market-sandbox';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'vpvMarketSandbox');

export default function VpvMarketSandbox() {
  return <PageHeader title={pages.vpvMarketSandbox.heading} lead={pages.vpvMarketSandbox.description} />;
}
