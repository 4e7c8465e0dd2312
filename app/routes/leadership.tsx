import { pages } from '@content/pages';
import { PageHeader } from '~/components/layout/page-header';
import { pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/leadership';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'leadership');

export default function Leadership() {
  return <PageHeader title={pages.leadership.heading} lead={pages.leadership.description} />;
}
