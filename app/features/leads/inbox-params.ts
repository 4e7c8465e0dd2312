/**
 * The inbox page's URL: ?tab=messages|demo-requests&status=pending|handled&page=N. Parsed
 * forgivingly (a bad value falls back to the default), since people edit URLs by hand.
 */
export type InboxTab = 'messages' | 'demo-requests';
export type InboxStatus = 'pending' | 'handled';

export const INBOX_PATH = '/admin/leads';
export const INBOX_PAGE_SIZE = 20;

export interface InboxParams {
  tab: InboxTab;
  status: InboxStatus | null;
  page: number;
}

export function parseInboxParams(search: URLSearchParams): InboxParams {
  const tab = search.get('tab') === 'demo-requests' ? 'demo-requests' : 'messages';
  const rawStatus = search.get('status');
  const status = rawStatus === 'pending' || rawStatus === 'handled' ? rawStatus : null;
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
