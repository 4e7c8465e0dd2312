import { pages } from '@content/pages';
import { PageHeader } from '~/components/layout/page-header';
import { pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/virtual-pipeline';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'virtualPipeline');

export default function VirtualPipeline() {
  return <PageHeader title={pages.virtualPipeline.heading} lead={pages.virtualPipeline.description} />;
}
