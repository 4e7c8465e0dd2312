import type { ClientLoginUrls, Config } from './config.ts';
import type { DbHandle } from './db/connection.ts';
import type { Logger } from './logger.ts';
import type { AuthService } from './services/auth/auth-service.ts';
import type { DocumentsService } from './services/documents/documents-service.ts';
import type { GlossaryService } from './services/glossary.ts';
import type { LeadsService } from './services/leads/leads-service.ts';

/**
 * What the server hands to every React Router loader and action, so a loader and the
 * JSON API share one database connection and one code path.
 */
export interface Services {
  config: Config;
  database: DbHandle;
  logger: Logger;
  auth: AuthService;
  glossary: GlossaryService;
  /** The document library, its object storage and carousel images. */
  documents: DocumentsService;
  leads: LeadsService;
}

export interface AdminPrincipal {
  id: number;
  username: string;
}

/** Who is logged in: reads the admin session cookie of a request. */
export interface AuthGate {
  currentAdmin(request: Request): Promise<AdminPrincipal | null>;
}

/** The browser-safe subset of configuration; the root loader sends exactly this. */
export interface PublicConfig {
  siteUrl: string;
  clientLoginUrls: ClientLoginUrls;
}

export interface RequestContext {
  services: Services;
  /** Per-request CSP nonce for React Router's inline scripts. */
  nonce: string;
  publicConfig: PublicConfig;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged declaration
  interface AppLoadContext extends RequestContext {}
}
