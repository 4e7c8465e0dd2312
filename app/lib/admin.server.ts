import type { AdminPrincipal } from '@domain/admin';
import { type Permission, can, refusalMessage } from '@domain/permissions';
import { type AppLoadContext, data } from 'react-router';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * The loader-side twin of the API's requirePermission guard: returns the logged-in admin,
 * or throws a 401 response (no session) or a 403 whose data is `{message}` naming the role
 * and the action (docs/admin.md, "Roles"); either way the response is marked uncacheable.
 */
export async function requirePermissionInLoader(context: AppLoadContext, permission: Permission): Promise<AdminPrincipal> {
  const admin = await context.currentAdmin();
  if (!admin) throw data('Authentication required', { status: 401, headers: NO_STORE });
  if (!can(admin.role, permission)) throw data({ message: refusalMessage(admin.role, permission) }, { status: 403, headers: NO_STORE });
  return admin;
}

/** The admin when their role holds the permission, else null: for a page part only some roles see. */
export async function adminWithPermission(context: AppLoadContext, permission: Permission): Promise<AdminPrincipal | null> {
  const admin = await context.currentAdmin();
  return admin && can(admin.role, permission) ? admin : null;
}
