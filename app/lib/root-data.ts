import type { ClientPlatform } from '@content/client-login';
import type { Role } from '@domain/permissions';
import type { CompanyFacts } from '@domain/site-content/types';

/** The logged-in admin, as pages see them: the UI reads the role against domain/permissions.ts. */
export interface AdminIdentity {
  username: string;
  role: Role;
}

/** The platforms' sign-in URLs (MARKET_APP_URL, LEASE_APP_URL); null when unset. */
export type ClientLoginUrls = Record<ClientPlatform, string | null>;

/**
 * What the root loader (app/root.tsx) sends every page: the canonical origin, who the admin
 * is, how many lead deliveries are failing (the admin's badge), the client sign-in URLs, the
 * company facts (published, or the drafts while an admin previews) and whether that preview
 * is on. Stated here so app/lib reads it (`useRouteLoaderData<RootData>('root')`) without
 * importing the root route; types only, so it adds no script to any page.
 */
export interface RootData {
  siteUrl: string;
  admin: AdminIdentity | null;
  failingDeliveries: number;
  clientLoginUrls: ClientLoginUrls;
  company: CompanyFacts;
  previewingDrafts: boolean;
}
