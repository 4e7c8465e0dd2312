import { notFoundPage, pages } from '@content/pages';
import { AlertCircle, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

/**
 * The catch-all's card (docs/pages.md, Not found): '404 Page Not Found' and its fixed line, then the
 * pages a lost visitor most likely wants: home, the knowledge base and the sitemap.
 */
export function NotFoundCard() {
  return (
    <div className="container-page flex justify-center py-24">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="flex items-center gap-2">
          <AlertCircle aria-hidden="true" className="h-8 w-8 text-red-600" />
          <h1 className="text-2xl font-bold text-ink">{notFoundPage.heading}</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">{notFoundPage.text}</p>
        <nav aria-labelledby="not-found-help" className="mt-6 border-t border-slate-100 pt-5">
          <h2 id="not-found-help" className="text-sm font-semibold text-ink">
            {notFoundPage.helpTitle}
          </h2>
          <ul className="mt-2 space-y-1">
            {notFoundPage.helpLinks.map((link) => (
              <li key={link.page}>
                <Link
                  to={pages[link.page].path}
                  className="inline-flex items-center gap-1.5 py-1 text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-ink"
                >
                  <ArrowRight aria-hidden="true" className="h-4 w-4" />
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
