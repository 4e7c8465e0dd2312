import { activityCopy } from '@content/admin-activity';
import { data } from 'react-router';
import { AdminPageError } from '~/features/admin/admin-nav';
import { ACTIVITY_PATH } from '~/features/activity/activity-params';
import { ActivityView } from '~/features/activity/activity-view';
import { loadActivity } from '~/features/activity/activity.server';
import { requirePermissionInLoader } from '~/lib/admin.server';
import { seo } from '~/lib/seo';
import type { Route } from './+types/admin-activity';

/** The admin's activity log (docs/admin.md): visitors get 401; nothing here may be cached or indexed. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requirePermissionInLoader(context, 'activity:read');
  return data(await loadActivity(context, request), { headers: { 'Cache-Control': 'no-store' } });
}

// Also on the 401 a visitor gets: this route's own ErrorBoundary makes React Router use these headers.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: activityCopy.title, description: activityCopy.description, canonical: ACTIVITY_PATH, noIndex: true });

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  return <ActivityView data={loaderData} />;
}

/** Visitors (and expired sessions) land here: where to log in, and no stack trace ever. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} copy={activityCopy} />;
}
