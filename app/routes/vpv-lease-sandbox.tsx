import { pages } from '@content/pages';
import { PageHeader } from '~/components/layout/page-header';
import { pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/vpv-lease-sandbox';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'vpvLeaseSandbox');

export default function VpvLeaseSandbox() {
  return <PageHeader title={pages.vpvLeaseSandbox.heading} lead={pages.vpvLeaseSandbox.description} />;
}
