import { AUDIT_ENTITY_KINDS, type AuditEntityKind } from '@domain/audit';
import { parsePage } from '~/features/trash/trash-params';

/**
 * The Activity page's URL: ?admin=<name>&kind=<kind>&page=N. Parsed forgivingly (a bad value
 * falls back to no filter), since people edit URLs by hand.
 */
export const ACTIVITY_PATH = '/admin/activity';
export const ACTIVITY_CSV_PATH = '/api/admin/activity.csv';
export const ACTIVITY_PAGE_SIZE = 50;

export interface ActivityParams {
  admin: string | null;
  kind: AuditEntityKind | null;
  page: number;
}

/** The longest admin name the log keeps (a failed login's typed name is clipped to it). */
const ADMIN_NAME_MAX = 64;

export function parseActivityParams(search: URLSearchParams): ActivityParams {
  const admin = search.get('admin')?.trim() ?? '';
  const kind = search.get('kind');
  return {
    // eslint-disable-next-line no-control-regex -- a name with control characters is no name the log holds
    admin: admin && admin.length <= ADMIN_NAME_MAX && !/[\u0000-\u001f\u007f]/.test(admin) ? admin : null,
    kind: (AUDIT_ENTITY_KINDS as readonly (string | null)[]).includes(kind) ? (kind as AuditEntityKind) : null,
    page: parsePage(search.get('page')),
  };
}

function filterQuery(params: Pick<ActivityParams, 'admin' | 'kind'>): URLSearchParams {
  const search = new URLSearchParams();
  if (params.admin) search.set('admin', params.admin);
  if (params.kind) search.set('kind', params.kind);
  return search;
}

export function activityHref(params: ActivityParams): string {
  const search = filterQuery(params);
  if (params.page > 1) search.set('page', String(params.page));
  const query = search.toString();
  return query ? `${ACTIVITY_PATH}?${query}` : ACTIVITY_PATH;
}

/** The CSV export of what the filters show (every page of it). */
export function activityCsvHref(params: Pick<ActivityParams, 'admin' | 'kind'>): string {
  const query = filterQuery(params).toString();
  return query ? `${ACTIVITY_CSV_PATH}?${query}` : ACTIVITY_CSV_PATH;
}
