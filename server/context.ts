import type { AdminPrincipal } from '@domain/admin.ts';
import type { SiteContentData } from '@domain/site-content/types.ts';
import type { AppLoadContext } from 'react-router';
import type { ClientLoginUrls } from './config.ts';
import type { Services } from './services/index.ts';

/** The browser-safe subset of configuration; the root loader sends exactly this. */
export interface PublicConfig {
  siteUrl: string;
  clientLoginUrls: ClientLoginUrls;
  /** EQUIPMENT_STORE_URL, or null for the stored company facts' store link. */
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
  /**
   * The editable facts, leaders, FAQ, associations and page titles (docs/pages.md, Site content): the
   * published ones, or with the drafts when an admin previews (`previewingDrafts`). Read once
   * per request, like the admin.
   */
  siteContent(): Promise<SiteContentData>;
  /**
   * True when the request asks for `?preview=drafts` and carries an admin session. Such a
   * response is marked `Cache-Control: private, no-store`, so neither the page cache nor a
   * shared cache keeps it; a visitor's `?preview=drafts` is ignored (published content).
   */
  previewingDrafts(): Promise<boolean>;
}

/** The query parameter (and its value) that asks for a preview of the drafts. */
export const PREVIEW_PARAMETER = 'preview';
export const PREVIEW_VALUE = 'drafts';

/** What createRequestContext reads of the request; `url` and `onPreview` only for previews. */
export interface RequestFacts {
  cookie: string | undefined;
  nonce: string;
  client?: string;
  /** The request target (`/leadership?preview=drafts`); without it there is no preview. */
  url?: string;
  /**
   * Called once the request turns out to be an admin's preview, before the response is written
   * (loaders finish before React Router writes): server/app.ts marks it `private, no-store`.
   */
  onPreview?: () => void;
}

function asksForPreview(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return new URL(url, 'http://request.invalid').searchParams.get(PREVIEW_PARAMETER) === PREVIEW_VALUE;
  } catch {
    return false;
  }
}

/** The context of one request: what getLoadContext hands React Router (and tests hand loaders). */
export function createRequestContext(services: Services, request: RequestFacts): AppLoadContext {
  let admin: Promise<AdminPrincipal | null> | undefined;
  let previewing: Promise<boolean> | undefined;
  let content: Promise<SiteContentData> | undefined;
  const currentAdmin = () => (admin ??= services.auth.adminFromCookieHeader(request.cookie));
  const previewingDrafts = () =>
    (previewing ??= asksForPreview(request.url)
      ? currentAdmin().then((principal) => {
          if (principal === null) return false;
          request.onPreview?.();
          return true;
        })
      : Promise.resolve(false));
  return {
    services,
    nonce: request.nonce,
    publicConfig: {
      siteUrl: services.config.siteUrl,
      clientLoginUrls: services.config.clientLoginUrls,
      equipmentStoreUrl: services.config.equipmentStoreUrl,
    },
    client: request.client ?? 'unknown',
    currentAdmin,
    previewingDrafts,
    siteContent: () =>
      (content ??= previewingDrafts().then((preview) => (preview ? services.siteContent.withDrafts() : services.siteContent.published()))),
  };
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged declaration
  interface AppLoadContext extends RequestContext {}
}
