import { pages } from '@content/pages';
import { PageHeader } from '~/components/layout/page-header';
import { pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/knowledge-base';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'knowledgeBase');

export default function KnowledgeBase() {
  return <PageHeader title={pages.knowledgeBase.heading} lead={pages.knowledgeBase.description} />;
}
