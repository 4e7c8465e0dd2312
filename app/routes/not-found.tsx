import { notFoundPage } from '@content/pages';
import { data } from 'react-router';
import { NotFoundCard } from '~/components/layout/not-found-card';
import { seo } from '~/lib/seo';
import type { Route } from './+types/not-found';

/** The catch-all answers HTTP 404 with the not-found card. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: notFoundPage.title, description: notFoundPage.description, noIndex: true });

export default function NotFound() {
  return <NotFoundCard />;
}
