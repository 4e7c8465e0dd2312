import type { Role } from './permissions.ts';

/**
 * Who a request's session belongs to: what the server's auth resolves a session cookie to
 * and loaders get from `context.currentAdmin()` (the browser is sent the username and role).
 */
export interface AdminPrincipal {
  id: number;
  username: string;
  role: Role;
}
