import type { ContactMessage, DemoRequest, FailingNotifications, InboxLead, LeadPage } from '@domain/leads/types';
import type { AppLoadContext } from 'react-router';
import { INBOX_PAGE_SIZE, type InboxParams, parseInboxParams } from './inbox-params';

export type InboxData = InboxParams & {
  /** How many new leads each tab holds, for the tab labels. */
  newCounts: { messages: number; 'demo-requests': number };
  /** E-mails and webhook deliveries failing, not dismissed (the badge and its list). */
  failing: FailingNotifications;
} & (
    | { tab: 'messages'; list: LeadPage<InboxLead<ContactMessage>> }
    | { tab: 'demo-requests'; list: LeadPage<InboxLead<DemoRequest>> }
  );

/** The inbox page's data: one page of the chosen tab, how many new leads each kind has, and what is failing. */
export async function loadInbox(context: AppLoadContext, request: Request): Promise<InboxData> {
  const params = parseInboxParams(new URL(request.url).searchParams);
  const { leads, notifications } = context.services;
  const query = { page: params.page, pageSize: INBOX_PAGE_SIZE, status: params.status ?? undefined };
  const [newMessages, newDemos, failing] = await Promise.all([
    leads.countByStatus('contact', 'new'),
    leads.countByStatus('demo', 'new'),
    notifications.failing(),
  ]);
  const newCounts = { messages: newMessages, 'demo-requests': newDemos };
  return params.tab === 'messages'
    ? { ...params, tab: 'messages', newCounts, failing, list: await leads.listContactMessages(query) }
    : { ...params, tab: 'demo-requests', newCounts, failing, list: await leads.listDemoRequests(query) };
}
