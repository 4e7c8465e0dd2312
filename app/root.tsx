import { can } from '@domain/permissions';
import { type ReactNode, Suspense, lazy, useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction, isRouteErrorResponse, useLocation } from 'react-router';
import type { Route } from './+types/root';
import interFont from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import stylesheet from './app.css?url';
import { Footer } from './components/layout/footer';
import { Header } from './components/layout/header';
import { PreviewBar } from './components/layout/preview-bar';
import { Toaster } from './components/ui/toaster';
import { adminChanging } from './features/admin/admin-change';
import { ClientLoginDialog } from './features/client-login/client-login-dialog';
import { useInlineCss } from './lib/inline-css';
import { useNonce } from './lib/nonce';
import type { RootData } from './lib/root-data';
import { previewChanges } from './lib/site-content';

// Only a 404 thrown by a route reaches the root's boundary with it (unknown paths have the
// catch-all route, which imports the card itself): every page would otherwise carry its ~0.6 kB
// (decision 021's budget; docs/search.md has the figures).
const NotFoundCard = lazy(() => import('./components/layout/not-found-card').then((module) => ({ default: module.NotFoundCard })));

// In production the stylesheet is inlined by the Layout below (decision 009).
export const links: Route.LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: 'stylesheet', href: stylesheet }] : []),
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'preload', href: interFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

/**
 * Only browser-safe data leaves the server here: the canonical origin, who the admin is (name
 * and role, which the admin UI reads against domain/permissions.ts),
 * the client sign-in URLs; the company facts every page shows (published, or the drafts while
 * an admin previews: docs/pages.md, Site content), their equipment store link replaced by
 * EQUIPMENT_STORE_URL when the deployment sets it; for an admin whose role sees them, how many lead deliveries are
 * failing (the badge every admin page shows, docs/leads.md).
 */
export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const principal = await context.currentAdmin();
  const admin = principal ? { username: principal.username, role: principal.role } : null;
  const [failingDeliveries, content, previewingDrafts] = await Promise.all([
    principal && can(principal.role, 'deliveries:read') ? context.services.notifications.failingCount() : 0,
    context.siteContent(),
    context.previewingDrafts(),
  ]);
  const { siteUrl, clientLoginUrls, equipmentStoreUrl } = context.publicConfig;
  const company = equipmentStoreUrl ? { ...content.company, equipmentStoreUrl } : content.company;
  return { siteUrl, admin, failingDeliveries, clientLoginUrls, company, previewingDrafts };
}

/**
 * The root's data (who is logged in, public settings) changes only with a login or a logout
 * (revalidateAdminChange in admin-change.ts; a Dismiss of a failing delivery asks the same way), so a page's own revalidation, a tab change or a
 * glossary search on the same page does not ask for it again, nor fail with a network blip
 * that the page's own data reports (issue 16). Other pages and form posts work as usual, and so
 * does a move into or out of an admin's preview of the drafts (docs/pages.md, Site content).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  // Into or out of a preview of the drafts: the company facts and the bar change with it.
  if (adminChanging() || previewChanges(currentUrl, nextUrl)) return true;
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
};

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const css = useInlineCss();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f35" />
        <Meta />
        <Links />
        {/* Server: the stylesheet's text. Browser: React finds that <style> by href and keeps it. */}
        {import.meta.env.DEV ? null : (
          <style href={stylesheet} precedence="default">
            {css}
          </style>
        )}
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-ink focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to main content
        </a>
        <PreviewBar />
        <Header />
        <ClientLoginDialog />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <Footer />
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The page below the header hydrates in its own Suspense boundary: React hydrates the layout
 * (header, dialogs, footer) in one pass and the page's content after it, in slices that yield
 * to the browser every few milliseconds, instead of one long task for the whole tree. A
 * click or key on content not yet hydrated makes React hydrate that part first and replay the
 * event. Nothing here suspends on the server, so the HTML is the same.
 */
export default function App() {
  return (
    <Suspense>
      <Outlet />
      <HydratedMarker />
    </Suspense>
  );
}

/** A marker for tests and for CSS that should only apply once the page is interactive: set when the page's content has hydrated. */
function HydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** Never shows a stack trace in production; 404s get the not-found card. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFoundCard />
      </Suspense>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <div className="container-page py-24 text-center">
      <title>Something went wrong</title>
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-slate-600">
        {status >= 500
          ? 'We could not load this page. Please try again in a moment.'
          : `The request could not be completed (error ${status}).`}
      </p>
      <p className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2">
        {/* A document request, so a page whose data failed to arrive is loaded whole again. */}
        <a href={`${location.pathname}${location.search}`} className="font-semibold text-brand-700 underline">
          Try again
        </a>
        <a href="/" className="font-semibold text-brand-700 underline">
          Return to the home page
        </a>
      </p>
      {stack ? <pre className="mt-8 overflow-x-auto rounded bg-slate-100 p-4 text-left text-xs">{stack}</pre> : null}
    </div>
  );
}
