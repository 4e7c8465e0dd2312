import { pages } from '@content/pages';
import { PageHeader } from '~/components/layout/page-header';
import { pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/lng-vs-cng';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'lngVsCng');

export default function LngVsCng() {
  return <PageHeader title={pages.lngVsCng.heading} lead={pages.lngVsCng.description} />;
}
