import { pages } from '@content/pages';
import { PageHeader } from '~/components/layout/page-header';
import { pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/sitemap';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'sitemap');

export default function Sitemap() {
  return <PageHeader title={pages.sitemap.heading} lead={pages.sitemap.description} />;
}
