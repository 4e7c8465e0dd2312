import { pages } from '@content/pages';
import { PageHeader } from '~/components/layout/page-header';
import { pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/vpv-lease';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'vpvLease');

export default function VpvLease() {
  return <PageHeader title={pages.vpvLease.heading} lead={pages.vpvLease.description} />;
}
