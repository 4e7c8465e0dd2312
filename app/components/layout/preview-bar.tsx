import { previewBar } from '@content/preview';
import { useLocation } from 'react-router';
import { usePreviewingDrafts } from '~/lib/site-content';

/** The parameter that asks for the drafts (server/context.ts reads it; docs/pages.md, Site content). */
const PREVIEW_PARAMETER = 'preview';

/** The same address without the preview parameter. */
function withoutPreview(pathname: string, search: string, hash: string): string {
  const params = new URLSearchParams(search);
  params.delete(PREVIEW_PARAMETER);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash}`;
}

/**
 * Above the header while an admin previews drafts (docs/pages.md, Site content): says so, and links to
 * the page as visitors see it. A plain link, so the whole page (the root's company facts too)
 * loads again without the drafts.
 */
export function PreviewBar() {
  const previewing = usePreviewingDrafts();
  const location = useLocation();
  if (!previewing) return null;
  return (
    <div role="status" className="bg-flame-500 text-navy-950">
      <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-1 py-2 text-sm font-semibold">
        <p>{previewBar.text}</p>
        <a href={withoutPreview(location.pathname, location.search, location.hash)} className="underline underline-offset-4 hover:no-underline">
          {previewBar.exitLabel}
        </a>
      </div>
    </div>
  );
}
