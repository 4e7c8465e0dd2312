import type { AdminPrincipal } from '@domain/admin';
import { type AppLoadContext, data } from 'react-router';

/**
 * The loader-side twin of the API's requireAdmin guard: returns the logged-in admin or
 * throws a 401 response, and marks the response uncacheable.
 */
export async function requireAdminInLoader(context: AppLoadContext): Promise<AdminPrincipal> {
  const admin = await context.currentAdmin();
  if (!admin) throw data('Authentication required', { status: 401, headers: { 'Cache-Control': 'no-store' } });
  return admin;
}
