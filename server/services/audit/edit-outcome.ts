/**
 * What an edit of a versioned item (a document, a glossary term) came to (docs/trash-and-audit.md,
 * "Versions and conflicts"): saved, no such live item, or a conflict because the item changed
 * after the version the edit started from.
 */
export type EditOutcome<T> =
  | { kind: 'saved'; item: T }
  | { kind: 'not-found' }
  | { kind: 'conflict'; current: T; changedBy: string | null; changedAt: Date };
