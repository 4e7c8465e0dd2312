import { type LeadStatus, canonicalLeadStatus } from '@domain/leads/types';

/**
 * The inbox page's URL: ?tab=messages|demo-requests&status=new|contacted|qualified|closed&page=N.
 * Parsed forgivingly (a bad value falls back to the default, an old name like `pending` to
 * its new status), since people edit URLs by hand and keep bookmarks.
 */
export type InboxTab = 'messages' | 'demo-requests';
export type InboxStatus = LeadStatus;

export const INBOX_PATH = '/admin/leads';
export const INBOX_PAGE_SIZE = 20;

export interface InboxParams {
  tab: InboxTab;
  status: InboxStatus | null;
  page: number;
}

export function parseInboxParams(search: URLSearchParams): InboxParams {
  const tab = search.get('tab') === 'demo-requests' ? 'demo-requests' : 'messages';
  const status = canonicalLeadStatus(search.get('status'));
  const rawPage = Number(search.get('page') ?? '1');
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 100_000 ? rawPage : 1;
  return { tab, status, page };
}

export function inboxHref(params: InboxParams): string {
  const search = new URLSearchParams();
  if (params.tab !== 'messages') search.set('tab', params.tab);
  if (params.status) search.set('status', params.status);
  if (params.page > 1) search.set('page', String(params.page));
  const query = search.toString();
  return query ? `${INBOX_PATH}?${query}` : INBOX_PATH;
}

/** The admin API path of a tab: list, CSV export and PATCH share it. */
export function inboxApiPath(tab: InboxTab): string {
  return tab === 'messages' ? '/api/admin/messages' : '/api/admin/demo-requests';
}

export function csvHref(tab: InboxTab, status: InboxStatus | null): string {
  return `${inboxApiPath(tab)}.csv${status ? `?status=${status}` : ''}`;
}

/** Where a lead's card is on the inbox page (the e-mails and webhook payloads link to it). */
export function leadAnchor(tab: InboxTab, id: number): string {
  return `lead-${tab === 'messages' ? 'contact' : 'demo'}-${id}`;
}
