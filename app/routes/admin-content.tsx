import { contentEditorCopy as copy } from '@content/admin-content';
import { data } from 'react-router';
import { AdminPageError } from '~/features/admin/admin-nav';
import { ContentOverview } from '~/features/site-content-editor/content-overview';
import { loadOverview } from '~/features/site-content-editor/content-editor.server';
import { requirePermissionInLoader } from '~/lib/admin.server';
import { seo } from '~/lib/seo';
import type { Route } from './+types/admin-content';

/** The site content editors' overview (docs/staff-editing.md): visitors get 401; nothing here may be cached or indexed. */
export async function loader({ context }: Route.LoaderArgs) {
  await requirePermissionInLoader(context, 'content:edit');
  return data(await loadOverview(context), { headers: { 'Cache-Control': 'no-store' } });
}

// Also on the 401 a visitor gets: this route's own ErrorBoundary makes React Router use these headers.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = (args) => seo(args, { title: copy.title, description: copy.description, canonical: '/admin/content', noIndex: true });

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  return <ContentOverview items={loaderData.items} />;
}

/** Visitors (and expired sessions) land here: where to log in, and no stack trace ever. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} copy={copy} />;
}
