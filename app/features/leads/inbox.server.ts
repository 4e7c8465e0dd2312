import type { ContactMessage, DemoRequest, LeadPage } from '@domain/leads/types';
import type { AppLoadContext } from 'react-router';
import { INBOX_PAGE_SIZE, type InboxParams, parseInboxParams } from './inbox-params';

export type InboxData = InboxParams & {
  /** Pending counts for the tab labels. */
  pending: { messages: number; 'demo-requests': number };
} & (
    | { tab: 'messages'; list: LeadPage<ContactMessage> }
    | { tab: 'demo-requests'; list: LeadPage<DemoRequest> }
  );

/** The inbox page's data: one page of the chosen tab, plus how many of each kind still wait. */
export async function loadInbox(context: AppLoadContext, request: Request): Promise<InboxData> {
  const params = parseInboxParams(new URL(request.url).searchParams);
  const { leads } = context.services;
  const query = { page: params.page, pageSize: INBOX_PAGE_SIZE, status: params.status ?? undefined };
  const onlyPending = { page: 1, pageSize: 1, status: 'pending' as const };
  const [pendingMessages, pendingDemos] = await Promise.all([
    leads.listContactMessages(onlyPending),
    leads.listDemoRequests(onlyPending),
  ]);
  const pending = { messages: pendingMessages.total, 'demo-requests': pendingDemos.total };
  return params.tab === 'messages'
    ? { ...params, tab: 'messages', pending, list: await leads.listContactMessages(query) }
    : { ...params, tab: 'demo-requests', pending, list: await leads.listDemoRequests(query) };
}
