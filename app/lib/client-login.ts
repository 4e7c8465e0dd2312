import type { ClientLoginLink } from '@content/navigation';
import { useRouteLoaderData } from 'react-router';
import type { ClientLoginUrls, RootData } from './root-data';

const notConfigured: ClientLoginUrls = { market: null, lease: null };

/** The platforms' sign-in URLs from the root loader (MARKET_APP_URL, LEASE_APP_URL); null when unset. */
export function useClientLoginUrls(): ClientLoginUrls {
  return useRouteLoaderData<RootData>('root')?.clientLoginUrls ?? notConfigured;
}

/**
 * Where a Client Log In link points: the configured sign-in page, or its in-page hash
 * that opens the access panel.
 */
export function useClientLoginHref(): (link: ClientLoginLink) => string {
  const urls = useClientLoginUrls();
  return (link) => urls[link.platform] ?? link.href;
}
