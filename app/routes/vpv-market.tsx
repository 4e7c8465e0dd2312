import { pages } from '@content/pages';
import { PageHeader } from '~/components/layout/page-header';
import { pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/vpv-market';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'vpvMarket');

export default function VpvMarket() {
  return <PageHeader title={pages.vpvMarket.heading} lead={pages.vpvMarket.description} />;
}
