import { inbox } from '@content/leads';
import { Link, data, isRouteErrorResponse } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Inbox } from '~/features/leads/inbox';
import { INBOX_PATH } from '~/features/leads/inbox-params';
import { loadInbox } from '~/features/leads/inbox.server';
import { requireAdminInLoader } from '~/lib/admin.server';
import { seo } from '~/lib/seo';
import type { Route } from './+types/admin-leads';

/** The admin's leads inbox: visitors get 401; nothing here may be cached or indexed. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdminInLoader(context);
  return data(await loadInbox(context, request), { headers: { 'Cache-Control': 'no-store' } });
}

// Also on the 401 a visitor gets: this route's own ErrorBoundary makes React Router use these headers.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: inbox.title, description: inbox.description, canonical: INBOX_PATH, noIndex: true });

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  return <Inbox data={loaderData} />;
}

/** Visitors (and expired sessions) land here: where to log in, and no stack trace ever. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const unauthorized = isRouteErrorResponse(error) && error.status === 401;
  return (
    <div className="container-page py-24 text-center">
      <h1 className="text-3xl font-bold text-ink">{unauthorized ? inbox.loginRequired.heading : inbox.failed.heading}</h1>
      <p className="mt-3 text-slate-600">{unauthorized ? inbox.loginRequired.text : inbox.failed.text}</p>
      <Link to="/knowledge-base" className={buttonClass('primary', 'md', 'mt-6')}>
        {unauthorized ? inbox.loginRequired.action : inbox.backToKnowledgeBase}
      </Link>
    </div>
  );
}
