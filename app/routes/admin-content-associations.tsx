import { contentEditorCopy as copy } from '@content/admin-content';
import { data } from 'react-router';
import { AdminPageError } from '~/features/admin/admin-nav';
import { AssociationsForm } from '~/features/site-content-editor/associations-form';
import { loadEditor } from '~/features/site-content-editor/content-editor.server';
import { ContentEditorPage } from '~/features/site-content-editor/editor-shell';
import { useContentEditor } from '~/features/site-content-editor/use-content-editor';
import { requirePermissionInLoader } from '~/lib/admin.server';
import { seo } from '~/lib/seo';
import type { Route } from './+types/admin-content-associations';

/** The associations editor (docs/staff-editing.md): visitors get 401; nothing here may be cached or indexed. */
export async function loader({ context }: Route.LoaderArgs) {
  await requirePermissionInLoader(context, 'content:edit');
  return data(await loadEditor(context, 'associations'), { headers: { 'Cache-Control': 'no-store' } });
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: copy.editorTitle(copy.kinds.associations.heading), description: copy.kinds.associations.lead, canonical: '/admin/content/associations', noIndex: true });

export default function AdminContentAssociations({ loaderData }: Route.ComponentProps) {
  const editor = useContentEditor('associations', loaderData.state);
  return (
    <ContentEditorPage editor={editor} previewHref="/?preview=drafts#associations">
      <AssociationsForm editor={editor} />
    </ContentEditorPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} copy={copy} />;
}
