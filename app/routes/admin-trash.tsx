import { trashCopy } from '@content/admin-trash';
import { data } from 'react-router';
import { AdminPageError } from '~/features/admin/admin-nav';
import { TRASH_PATH } from '~/features/trash/trash-params';
import { TrashView } from '~/features/trash/trash-view';
import { loadTrash } from '~/features/trash/trash.server';
import { requirePermissionInLoader } from '~/lib/admin.server';
import { seo } from '~/lib/seo';
import type { Route } from './+types/admin-trash';

/** The admin's trash (docs/admin.md): visitors get 401; nothing here may be cached or indexed. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requirePermissionInLoader(context, 'trash:read');
  return data(await loadTrash(context, request), { headers: { 'Cache-Control': 'no-store' } });
}

// Also on the 401 a visitor gets: this route's own ErrorBoundary makes React Router use these headers.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: trashCopy.title, description: trashCopy.description, canonical: TRASH_PATH, noIndex: true });

export default function AdminTrash({ loaderData }: Route.ComponentProps) {
  return <TrashView data={loaderData} />;
}

/** Visitors (and expired sessions) land here: where to log in, and no stack trace ever. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} copy={trashCopy} />;
}
