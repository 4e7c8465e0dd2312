import { inbox as copy } from '@content/leads';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { type InboxParams, inboxHref } from './inbox-params';

/** Previous and Next under the inbox's list, with "Page n of m"; nothing when everything fits on page 1. */
export function Pagination({ params, total, pageSize }: { params: InboxParams; total: number; pageSize: number }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && params.page === 1) return null;
  const linkClass = buttonClass('outline', 'sm');
  return (
    <nav aria-label={copy.pagination.label} className="mt-8 flex items-center justify-between gap-4">
      {params.page > 1 ? (
        <Link to={inboxHref({ ...params, page: Math.min(params.page - 1, pages) })} className={linkClass}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          {copy.pagination.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600">
        Page {params.page} of {pages}
      </p>
      {params.page < pages ? (
        <Link to={inboxHref({ ...params, page: params.page + 1 })} className={linkClass}>
          {copy.pagination.next}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
