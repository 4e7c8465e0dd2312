import type { EditorState, SiteContentKind, SiteContentSummary } from '@domain/site-content/types';
import type { AppLoadContext } from 'react-router';

export interface EditorPageData<K extends SiteContentKind> {
  state: EditorState<K>;
  /** The site's address, for the search result preview. */
  siteUrl: string;
}

/** One editor's data: the content as stored (published, draft, revision). */
export async function loadEditor<K extends SiteContentKind>(context: AppLoadContext, kind: K): Promise<EditorPageData<K>> {
  const state = await context.services.siteContent.editorState(kind);
  return { state, siteUrl: context.publicConfig.siteUrl };
}

/** The overview's data: each kind's published version and whether a draft waits. */
export async function loadOverview(context: AppLoadContext): Promise<{ items: SiteContentSummary[] }> {
  return { items: await context.services.siteContent.list() };
}
