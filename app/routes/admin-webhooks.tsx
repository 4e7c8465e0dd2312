import { webhooksCopy } from '@content/admin-webhooks';
import { data } from 'react-router';
import { AdminPageError } from '~/features/admin/admin-nav';
import { WEBHOOKS_PATH } from '~/features/webhooks/webhooks-params';
import { WebhooksView } from '~/features/webhooks/webhooks-view';
import { loadWebhooks } from '~/features/webhooks/webhooks.server';
import { requirePermissionInLoader } from '~/lib/admin.server';
import { seo } from '~/lib/seo';
import type { Route } from './+types/admin-webhooks';

/** The admin's webhook endpoints and delivery log (docs/admin.md): visitors get 401; nothing here may be cached or indexed. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requirePermissionInLoader(context, 'webhooks:manage');
  return data(await loadWebhooks(context, request), { headers: { 'Cache-Control': 'no-store' } });
}

// Also on the 401 a visitor gets: this route's own ErrorBoundary makes React Router use these headers.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: webhooksCopy.title, description: webhooksCopy.description, canonical: WEBHOOKS_PATH, noIndex: true });

export default function AdminWebhooks({ loaderData }: Route.ComponentProps) {
  return <WebhooksView data={loaderData} />;
}

/** Visitors (and expired sessions) land here: where to log in, and no stack trace ever. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} copy={webhooksCopy} />;
}
