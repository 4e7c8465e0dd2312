import type { AdminPrincipal } from '@domain/admin.ts';
import type { AppLoadContext } from 'react-router';
import type { ClientLoginUrls } from './config.ts';
import type { Services } from './services/index.ts';

/** The browser-safe subset of configuration; the root loader sends exactly this. */
export interface PublicConfig {
  siteUrl: string;
  clientLoginUrls: ClientLoginUrls;
  /** EQUIPMENT_STORE_URL, or null for the store address in content/site.ts. */
  equipmentStoreUrl: string | null;
}

export interface RequestContext {
  services: Services;
  /** Per-request CSP nonce for React Router's inline scripts. */
  nonce: string;
  publicConfig: PublicConfig;
  /**
   * The admin whose session cookie came with the request, or null. Read once per request,
   * however many loaders ask (the root's, the page's, helpers): React Router gives each loader
   * its own Request, so a lookup keyed on the Request would run for each of them.
   */
  currentAdmin(): Promise<AdminPrincipal | null>;
  /** The client's address (req.ip: X-Forwarded-For only from proxies TRUST_PROXY names), for rate limits. */
  client: string;
}

/** The context of one request: what getLoadContext hands React Router (and tests hand loaders). */
export function createRequestContext(services: Services, request: { cookie: string | undefined; nonce: string; client?: string }): AppLoadContext {
  let admin: Promise<AdminPrincipal | null> | undefined;
  return {
    services,
    nonce: request.nonce,
    publicConfig: {
      siteUrl: services.config.siteUrl,
      clientLoginUrls: services.config.clientLoginUrls,
      equipmentStoreUrl: services.config.equipmentStoreUrl,
    },
    client: request.client ?? 'unknown',
    currentAdmin: () => (admin ??= services.auth.adminFromCookieHeader(request.cookie)),
  };
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged declaration
  interface AppLoadContext extends RequestContext {}
}
