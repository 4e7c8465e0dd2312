import { allDocumentsTab, knowledgeBaseTabs } from '@content/knowledge-base';

export type VisitorTabId = (typeof knowledgeBaseTabs)[number]['id'];
export type TabId = VisitorTabId | typeof allDocumentsTab.id;
export type DocumentTabId = Exclude<TabId, 'glossary' | 'calculators' | 'tutorials' | 'faq'>;

export interface TabDefinition {
  id: TabId;
  label: string;
}

export const DEFAULT_TAB: TabId = 'glossary';
export const KNOWLEDGE_BASE_PATH = '/knowledge-base';

/** The tab bar: eight tabs, or nine for a logged-in admin with All Documents first. */
export function visibleTabs(isAdmin: boolean): readonly TabDefinition[] {
  return isAdmin ? [allDocumentsTab, ...knowledgeBaseTabs] : knowledgeBaseTabs;
}

/** ?tab= from the URL; anything unknown (or All Documents for a visitor) is the glossary. */
export function parseTab(value: string | null, isAdmin: boolean): TabId {
  return visibleTabs(isAdmin).find((tab) => tab.id === value)?.id ?? DEFAULT_TAB;
}

/** The glossary is the page itself; every other tab is linkable as ?tab=<id>. */
export function tabHref(id: TabId): string {
  return id === DEFAULT_TAB ? KNOWLEDGE_BASE_PATH : `${KNOWLEDGE_BASE_PATH}?tab=${id}`;
}

export function isDocumentTab(id: TabId): id is DocumentTabId {
  return id === 'all' || id === 'infographics' || id === 'articles' || id === 'spec-sheets' || id === 'social-content';
}

export const tabElementId = (id: TabId) => `kb-tab-${id}`;
export const panelElementId = (id: TabId) => `kb-panel-${id}`;
