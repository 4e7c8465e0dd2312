import { SITE_CONTENT_KINDS, type EditorState, type SiteContentKind, type SiteContentSummary } from '@domain/site-content/types';
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
  const states = await Promise.all(SITE_CONTENT_KINDS.map((kind) => context.services.siteContent.editorState(kind)));
  return {
    items: states.map((state) => ({
      kind: state.kind,
      revision: state.revision,
      publishedVersion: state.publishedVersion,
      publishedAt: state.publishedAt,
      publishedBy: state.publishedBy,
      hasDraft: state.draft !== null,
      draftUpdatedAt: state.draftUpdatedAt,
      draftUpdatedBy: state.draftUpdatedBy,
    })),
  };
}
