/**
 * Who a request's session belongs to: what the server's auth resolves a session cookie to
 * and loaders get from `context.currentAdmin()` (the browser is sent only the username).
 */
export interface AdminPrincipal {
  id: number;
  username: string;
}
