import type { TrashKind } from './trash.ts';

/**
 * Who may do what in the admin (docs/admin.md, "Roles"): one map, read by the server's guards
 * (server/api/require-admin.ts, app/lib/admin.server.ts) and by the admin UI to hide what a
 * role cannot use. Permissions are `action:entity` strings; a new admin endpoint names one.
 */

// No Zod here: every admin page imports this map, and visitors' pages download no Zod (decision 016).
export const ROLES = ['owner', 'editor', 'sales'] as const;
export type Role = (typeof ROLES)[number];

/** Whether `value` is a role as the database stores it (lower case). */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', editor: 'Editor', sales: 'Sales' };

/**
 * Every permission, with the words a refusal uses: "Your role (Sales) cannot <action>."
 * Reading an area and changing it share one permission where no role may do only one of them.
 */
export const PERMISSIONS = {
  'content:edit': 'change site content',
  'documents:edit': 'change documents and the carousel',
  'glossary:edit': 'change the glossary',
  'leads:read': 'read leads',
  'leads:edit': 'change leads',
  'deliveries:read': 'see failing deliveries',
  'deliveries:dismiss': 'dismiss failing deliveries',
  'trash:read': 'open the trash',
  'trash:purge': 'delete forever',
  'activity:read': 'read the activity log',
  'webhooks:manage': 'manage webhooks',
  'staff:manage': 'manage staff',
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

const EDITOR: readonly Permission[] = ['content:edit', 'documents:edit', 'glossary:edit', 'trash:read'];
const SALES: readonly Permission[] = ['leads:read', 'leads:edit', 'deliveries:read', 'deliveries:dismiss', 'trash:read'];

/** The map itself: the Owner holds every permission, so a new one is the Owner's until given to others. */
export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSION_NAMES),
  editor: new Set(EDITOR),
  sales: new Set(SALES),
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/** The 403's message: "Your role (Sales) cannot change site content." */
export function refusalMessage(role: Role, permission: Permission): string {
  return `Your role (${ROLE_LABELS[role]}) cannot ${PERMISSIONS[permission]}.`;
}

/**
 * Trash and Restore are per kind: whoever may change a kind may put it in the trash and
 * bring it back. Delete forever is `trash:purge` whatever the kind.
 */
export function trashPermission(kind: TrashKind): Permission {
  switch (kind) {
    case 'document':
      return 'documents:edit';
    case 'glossary':
      return 'glossary:edit';
    case 'contact':
    case 'demo':
      return 'leads:edit';
  }
}

/** The trash kinds a role sees and restores. */
export function trashKindsFor(role: Role, kinds: readonly TrashKind[]): TrashKind[] {
  return kinds.filter((kind) => can(role, trashPermission(kind)));
}
