import {
  PERMISSION_NAMES,
  ROLES,
  ROLE_PERMISSIONS,
  can,
  refusalMessage,
  isRole,
  trashKindsFor,
  trashPermission,
} from '@domain/permissions';
import { TRASH_KINDS } from '@domain/trash';
import { describe, expect, it } from 'vitest';

describe('the permission map', () => {
  it('gives the Owner every permission', () => {
    for (const permission of PERMISSION_NAMES) expect(can('owner', permission), permission).toBe(true);
  });

  it('gives the Editor site content, documents, the glossary and their trash, and nothing else', () => {
    expect([...ROLE_PERMISSIONS.editor].sort()).toEqual(['content:edit', 'documents:edit', 'glossary:edit', 'trash:read']);
  });

  it('gives Sales the inbox, its statuses and trash, and the failing deliveries, and nothing else', () => {
    expect([...ROLE_PERMISSIONS.sales].sort()).toEqual(['deliveries:dismiss', 'deliveries:read', 'leads:edit', 'leads:read', 'trash:read']);
  });

  it('keeps staff, webhooks, the activity log and Delete forever for Owners', () => {
    for (const permission of ['staff:manage', 'webhooks:manage', 'activity:read', 'trash:purge'] as const) {
      expect(ROLES.filter((role) => can(role, permission)), permission).toEqual(['owner']);
    }
  });

  it('names the role and the action in a refusal', () => {
    expect(refusalMessage('sales', 'content:edit')).toBe('Your role (Sales) cannot change site content.');
    expect(refusalMessage('editor', 'leads:read')).toBe('Your role (Editor) cannot read leads.');
    expect(refusalMessage('editor', 'trash:purge')).toBe('Your role (Editor) cannot delete forever.');
  });

  it('gives every permission words for its refusal, ending without a full stop of its own', () => {
    for (const permission of PERMISSION_NAMES) expect(refusalMessage('sales', permission)).toMatch(/^Your role \(Sales\) cannot [a-z][^.]*\.$/);
  });

  it('puts each trash kind under the permission that changes it', () => {
    expect(TRASH_KINDS.map(trashPermission)).toEqual(['documents:edit', 'glossary:edit', 'leads:edit', 'leads:edit']);
    expect(trashKindsFor('owner', TRASH_KINDS)).toEqual([...TRASH_KINDS]);
    expect(trashKindsFor('editor', TRASH_KINDS)).toEqual(['document', 'glossary']);
    expect(trashKindsFor('sales', TRASH_KINDS)).toEqual(['contact', 'demo']);
  });

  it('reads roles as the database stores them, and nothing else', () => {
    expect(ROLES.filter((role) => isRole(role))).toEqual(['owner', 'editor', 'sales']);
    expect(isRole('Owner')).toBe(false);
    expect(isRole('admin')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
