import { roleRefusalCopy } from '@content/admin-roles';
import { inbox as inboxCopy } from '@content/leads';
import type { Permission } from '@domain/permissions';
import { AlertTriangle, BookOpen, History, Inbox, type LucideIcon, Trash2, Webhook } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, isRouteErrorResponse } from 'react-router';
import { cn } from '~/lib/cn';
import { useCan, useFailingDeliveries } from '~/lib/use-admin';

/** The admin area's pages, in the order the admin bar and each admin page list them (docs/admin.md). */
export const ADMIN_PAGES = [
  { path: '/admin/leads', label: 'Leads inbox', icon: Inbox, permission: 'leads:read' },
  { path: '/admin/trash', label: 'Trash', icon: Trash2, permission: 'trash:read' },
  { path: '/admin/activity', label: 'Activity', icon: History, permission: 'activity:read' },
  { path: '/admin/webhooks', label: 'Webhooks', icon: Webhook, permission: 'webhooks:manage' },
  { path: '/admin/content', label: 'Site content', icon: BookOpen, permission: 'content:edit' },
] as const satisfies ReadonlyArray<{ path: string; label: string; icon: LucideIcon; permission: Permission }>;

export type AdminPagePath = (typeof ADMIN_PAGES)[number]['path'];

const linkBase = 'inline-flex h-9 items-center gap-2 rounded-md border px-3 text-sm font-semibold';
const linkClass = cn(linkBase, 'border-slate-300 bg-white text-ink hover:bg-slate-50');
const currentLinkClass = cn(linkBase, 'border-navy-900 bg-navy-900 text-white');

/** The admin pages the admin's role may open, as links (the admin bar's buttons); `current` marks the page being shown. */
export function AdminPageLinks({ current }: { current?: AdminPagePath }) {
  const allowed = useCan();
  return ADMIN_PAGES.filter(({ permission }) => allowed(permission)).map(({ path, label, icon: Icon }) => (
    <Link
      key={path}
      to={path}
      aria-current={path === current ? 'page' : undefined}
      className={path === current ? currentLinkClass : linkClass}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {label}
    </Link>
  ));
}

/**
 * "N deliveries failing": lead e-mails and webhook deliveries that keep failing, for every
 * admin whose role sees them (Owner, Sales) until they succeed or one dismisses them (docs/leads.md). A link to the inbox's list;
 * nothing while none fails.
 */
export function FailingBadge() {
  const count = useFailingDeliveries();
  const allowed = useCan();
  // The root loader counts only for roles that may see them; the check here keeps the link honest too.
  if (count === 0 || !allowed('deliveries:read')) return null;
  return (
    <Link
      to="/admin/leads#failing"
      className="inline-flex h-9 items-center gap-2 rounded-md border border-red-300 bg-red-50 px-3 text-sm font-semibold text-red-800 hover:bg-red-100"
    >
      <AlertTriangle aria-hidden="true" className="h-4 w-4" />
      {inboxCopy.failing.badge(count)}
    </Link>
  );
}

/** The top of every admin page: back to the knowledge base, the admin pages, the heading and its lead. */
export function AdminPageHeader({
  current,
  back,
  heading,
  lead,
  children,
}: {
  current: AdminPagePath;
  back: string;
  heading: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Link to="/knowledge-base" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
          {back}
        </Link>
        <nav aria-label="Admin pages" className="flex flex-wrap gap-2">
          <FailingBadge />
          <AdminPageLinks current={current} />
        </nav>
      </div>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{heading}</h1>
          <p className="mt-2 max-w-3xl text-slate-600">{lead}</p>
        </div>
        {children}
      </div>
    </>
  );
}

/** The 403's `{message}` from requirePermissionInLoader, or null for any other error. */
function refusalOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  const body: unknown = error.data;
  const message = typeof body === 'object' && body !== null && 'message' in body ? body.message : null;
  return typeof message === 'string' ? message : roleRefusalCopy.fallback;
}

/**
 * An admin page's error boundary: where to log in for visitors (401), what the role cannot do
 * (403, the server's own words, with the pages the role may open), a plain notice otherwise;
 * never a stack trace.
 */
export function AdminPageError({
  error,
  copy,
}: {
  error: unknown;
  copy: {
    loginRequired: { heading: string; text: string; action: string };
    failed: { heading: string; text: string };
    backToKnowledgeBase: string;
  };
}) {
  const unauthorized = isRouteErrorResponse(error) && error.status === 401;
  const refusal = refusalOf(error);
  const heading = refusal ? roleRefusalCopy.heading : unauthorized ? copy.loginRequired.heading : copy.failed.heading;
  return (
    <div className="container-page py-24 text-center">
      <h1 className="text-3xl font-bold text-ink">{heading}</h1>
      <p className="mt-3 text-slate-600">{refusal ?? (unauthorized ? copy.loginRequired.text : copy.failed.text)}</p>
      {refusal ? (
        <>
          <p className="mt-2 text-slate-600">{roleRefusalCopy.help}</p>
          <nav aria-label="Admin pages" className="mt-6 flex flex-wrap justify-center gap-2">
            <AdminPageLinks />
          </nav>
        </>
      ) : null}
      <Link
        to="/knowledge-base"
        className="mt-6 inline-flex h-11 items-center justify-center gap-2 rounded-md bg-brand-700 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-600"
      >
        {unauthorized ? copy.loginRequired.action : copy.backToKnowledgeBase}
      </Link>
    </div>
  );
}

/** Previous / "Page N of M" / Next, as links (so they work without JavaScript). */
export function PageLinks({
  page,
  total,
  pageSize,
  href,
  copy,
}: {
  page: number;
  total: number;
  pageSize: number;
  href: (page: number) => string;
  copy: { label: string; previous: string; next: string };
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page === 1) return null;
  return (
    <nav aria-label={copy.label} className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={href(Math.min(page - 1, pages))} className={linkClass}>
          {copy.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link to={href(page + 1)} className={linkClass}>
          {copy.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
