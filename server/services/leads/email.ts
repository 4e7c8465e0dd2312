import type { ContactMessage, DemoRequest } from '@domain/leads/types.ts';

export interface NotificationEmail {
  subject: string;
  text: string;
  replyTo: { name: string; address: string };
}

/**
 * The sales inbox e-mail for a lead: plain text, every field, and a link to the admin
 * inbox. Reply goes straight to the visitor. Values are single-line by schema, so none
 * can add a header.
 */
export function contactMessageEmail(lead: ContactMessage, siteUrl: string): NotificationEmail {
  const name = `${lead.firstName} ${lead.lastName}`;
  return {
    subject: `New contact message: ${name}, ${lead.company}`,
    replyTo: { name, address: lead.email },
    text: [
      'A visitor sent a message through the website contact form.',
      '',
      `Name:     ${name}`,
      `Company:  ${lead.company}`,
      `Email:    ${lead.email}`,
      `Received: ${lead.createdAt}`,
      '',
      'Message:',
      lead.message,
      '',
      `Inbox: ${siteUrl}/admin/leads`,
      '',
    ].join('\n'),
  };
}

export function demoRequestEmail(lead: DemoRequest, siteUrl: string): NotificationEmail {
  return {
    subject: `New demo request: ${lead.name}, ${lead.company}`,
    replyTo: { name: lead.name, address: lead.email },
    text: [
      'A visitor requested a demo on the website.',
      '',
      `Name:     ${lead.name}`,
      `Title:    ${lead.title ?? '-'}`,
      `Company:  ${lead.company}`,
      `Phone:    ${lead.phone}`,
      `Email:    ${lead.email}`,
      `Received: ${lead.createdAt}`,
      '',
      'Notes:',
      lead.notes ?? '-',
      '',
      `Inbox: ${siteUrl}/admin/leads?tab=demo-requests`,
      '',
    ].join('\n'),
  };
}
