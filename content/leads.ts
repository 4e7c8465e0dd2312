/**
 * Copy of the contact form and the demo request form (docs/leads.md): labels,
 * placeholders, buttons, notices and toasts. The toasts' wording is fixed (docs/leads.md).
 */

export const contactForm = {
  heading: 'Send us a message',
  requiredNote: 'All fields are required.',
  fields: {
    firstName: { label: 'First Name', placeholder: 'John' },
    lastName: { label: 'Last Name', placeholder: 'Doe' },
    company: { label: 'Company', placeholder: 'Your Company' },
    email: { label: 'Email', placeholder: 'john@company.com' },
    message: { label: 'Message', placeholder: 'Tell us about your virtual pipeline needs...' },
  },
  submit: 'Send Message',
  sending: 'Sending...',
  toasts: {
    sent: { title: 'Message Sent!', description: "Thank you for your interest. We'll get back to you soon." },
    failed: { title: 'Error', description: 'Failed to send message. Please try again.' },
  },
  /** Shown above the form after a post without JavaScript. */
  notices: {
    sent: { title: 'Message Sent!', text: "Thank you for your interest. We'll get back to you soon." },
    invalid: { title: 'Please check your message', text: 'Some fields are missing or invalid. Correct them below and send again.' },
    failed: { title: 'Error', text: 'Failed to send message. Please try again.' },
    limited: { title: 'Too many messages', text: 'We received several messages from your network just now. Please wait a minute and try again.' },
  },
} as const;

export const demoForm = {
  trigger: 'Request Demo',
  title: 'Request a Demo',
  description: "Tell us about your operation and we'll set up a walkthrough of the platform.",
  requiredNote: 'Fields marked * are required.',
  fields: {
    name: { label: 'Name', placeholder: 'John Doe' },
    phone: { label: 'Phone', placeholder: '(555) 010-0148' },
    email: { label: 'Email', placeholder: 'john@company.com' },
    company: { label: 'Company', placeholder: 'Your Company' },
    title: { label: 'Title', placeholder: 'Operations Manager' },
    notes: { label: 'Notes', placeholder: 'Sites, volumes, timing: anything that helps us prepare your demo.' },
  },
  submit: 'Submit Request',
  submitting: 'Submitting...',
  close: 'Close',
  cancel: 'Cancel',
  toasts: {
    missing: { title: 'Missing Information', description: 'Please fill in all required fields.' },
    sent: { title: 'Demo Request Submitted', description: "We'll contact you soon to schedule your demo." },
    failed: { title: 'Error', description: 'Failed to submit demo request. Please try again.' },
  },
  notices: {
    sent: { title: 'Demo Request Submitted', text: "We'll contact you soon to schedule your demo." },
    invalid: { title: 'Please check your request', text: 'Some fields are missing or invalid. Correct them below and submit again.' },
    failed: { title: 'Error', text: 'Failed to submit demo request. Please try again.' },
    limited: { title: 'Too many requests', text: 'We received several requests from your network just now. Please wait a minute and try again.' },
  },
} as const;

/** The honeypot's label: only bots and screen readers that ignore aria-hidden ever meet it. */
export const honeypotLabel = 'Leave this field empty';

/** The admin's leads inbox (/admin/leads). */
export const inbox = {
  title: 'Leads Inbox | VPV Energy',
  description: 'Contact messages and demo requests sent through the website.',
  heading: 'Leads inbox',
  lead: 'Contact messages and demo requests from the website, newest first. Move each one from New to Contacted, Qualified and Closed as sales follows up.',
  tabs: { messages: 'Contact messages', 'demo-requests': 'Demo requests' },
  newCount: 'new',
  filters: { all: 'All', new: 'New', contacted: 'Contacted', qualified: 'Qualified', closed: 'Closed' },
  filterLabel: 'Show',
  exportCsv: 'Export CSV',
  statusLabel: 'Status',
  delete: 'Delete',
  deleted: 'Lead deleted',
  deleteFailed: 'Delete failed',
  status: { new: 'New', contacted: 'Contacted', qualified: 'Qualified', closed: 'Closed' },
  statusChanged: 'Status changed',
  history: {
    summary: (count: number) => `Status history (${count})`,
    none: 'Status not changed since it arrived.',
    entry: (to: string, from: string) => `${from} → ${to}`,
    by: 'by',
  },
  notifications: {
    label: 'Notifications',
    email: {
      none: 'E-mail to sales: not configured',
      pending: 'E-mail to sales: queued',
      sent: 'E-mail to sales: sent',
      failing: 'E-mail to sales: failing',
      failed: 'E-mail to sales: failed, no more tries',
    },
    webhook: {
      delivered: 'delivered',
      pending: 'queued',
      failing: 'failing',
      failed: 'failed, no more tries',
    },
    webhookTo: 'Webhook to',
    lastError: 'Last error:',
    nextTry: 'Next try',
    attempts: (count: number) => (count === 1 ? '1 attempt' : `${count} attempts`),
    dismissed: '(dismissed)',
  },
  failing: {
    badge: (count: number) => (count === 1 ? '1 delivery failing' : `${count} deliveries failing`),
    heading: 'Failing deliveries',
    text: 'These e-mails to sales and webhook deliveries keep failing. They stay here for every admin until they succeed or someone dismisses them.',
    email: 'E-mail to sales',
    webhook: 'Webhook',
    testEvent: 'test event',
    lead: { contact: 'contact message', demo: 'demo request' },
    since: 'since',
    dismiss: 'Dismiss',
    dismissed: 'Dismissed',
    dismissFailed: 'Dismiss failed',
  },
  empty: {
    messages: 'No contact messages here yet.',
    'demo-requests': 'No demo requests here yet.',
  },
  pagination: { label: 'Pages', previous: 'Previous', next: 'Next' },
  updateFailed: 'Update failed',
  backToKnowledgeBase: 'Back to the knowledge base',
  loginRequired: {
    heading: 'Admin login required',
    text: 'The leads inbox is for VPV Energy staff. Log in with the Admin Login button on the knowledge base, then come back.',
    action: 'Go to the admin login',
  },
  failed: {
    heading: 'The inbox could not be loaded',
    text: 'Please try again in a moment.',
  },
} as const;
