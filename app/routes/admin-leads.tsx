import { inbox } from '@content/leads';
import { data } from 'react-router';
import { AdminPageError } from '~/features/admin/admin-nav';
import { Inbox } from '~/features/leads/inbox';
import { INBOX_PATH } from '~/features/leads/inbox-params';
import { loadInbox } from '~/features/leads/inbox.server';
import { requirePermissionInLoader } from '~/lib/admin.server';
import { seo } from '~/lib/seo';
import type { Route } from './+types/admin-leads';

/** The admin's leads inbox: visitors get 401, roles without leads 403; nothing here may be cached or indexed. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requirePermissionInLoader(context, 'leads:read');
  return data(await loadInbox(context, request), { headers: { 'Cache-Control': 'no-store' } });
}

// Also on the 401 a visitor gets: this route's own ErrorBoundary makes React Router use these headers.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: inbox.title, description: inbox.description, canonical: INBOX_PATH, noIndex: true });

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  return <Inbox data={loaderData} />;
}

/** Visitors (and expired sessions) land here: where to log in; a role without leads is told so; no stack trace ever. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} copy={inbox} />;
}
