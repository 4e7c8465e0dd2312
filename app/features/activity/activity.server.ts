import type { ActivityPage } from '@domain/audit';
import type { AppLoadContext } from 'react-router';
import { ACTIVITY_PAGE_SIZE, type ActivityParams, parseActivityParams } from './activity-params';

export type ActivityData = ActivityParams & { log: ActivityPage };

/** The Activity page's data: one page of the audit log, newest first, filtered by admin and kind. */
export async function loadActivity(context: AppLoadContext, request: Request): Promise<ActivityData> {
  const params = parseActivityParams(new URL(request.url).searchParams);
  const log = await context.services.audit.page(
    { admin: params.admin ?? undefined, kind: params.kind ?? undefined },
    params.page,
    ACTIVITY_PAGE_SIZE,
  );
  return { ...params, log };
}
