import { notFoundPage } from '@content/pages';
import { AlertCircle } from 'lucide-react';
import { Link } from 'react-router';

/** SPEC §2 catch-all: the card is titled '404 Page Not Found'. */
export function NotFoundCard() {
  return (
    <div className="container-page flex justify-center py-24">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="flex items-center gap-2">
          <AlertCircle aria-hidden="true" className="h-8 w-8 text-red-600" />
          <h1 className="text-2xl font-bold text-ink">{notFoundPage.heading}</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">{notFoundPage.text}</p>
        <Link to="/" className="mt-6 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4">
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
