/** The admin's Trash (/admin/trash, docs/admin.md): what was deleted, with Restore and Delete forever. */
export const trashCopy = {
  title: 'Trash | VPV Energy',
  description: 'Documents, glossary terms and leads that admins deleted, for restoring or deleting forever.',
  heading: 'Trash',
  lead: 'What admins deleted, newest first. Visitors no longer see any of it. Restore brings an item back as it was; items are deleted forever on the date shown.',
  kinds: {
    document: 'Document',
    glossary: 'Glossary term',
    contact: 'Contact message',
    demo: 'Demo request',
  },
  filterLabel: 'Show',
  filters: {
    all: 'All',
    document: 'Documents',
    glossary: 'Glossary terms',
    contact: 'Contact messages',
    demo: 'Demo requests',
  },
  columns: { kind: 'Kind', title: 'Item', deleted: 'Deleted', purge: 'Deleted forever on', actions: 'Actions' },
  deletedBy: (when: string, admin: string | null) => (admin ? `${when} by ${admin}` : when),
  empty: 'The trash is empty.',
  emptyKind: 'Nothing of this kind in the trash.',
  restore: 'Restore',
  restoring: 'Restoring...',
  deleteForever: 'Delete forever',
  restored: {
    document: 'Document restored',
    glossary: 'Term restored',
    contact: 'Lead restored',
    demo: 'Lead restored',
  },
  restoreFailed: 'Restore failed',
  confirm: {
    title: 'Delete forever?',
    description: (title: string) => `“${title}” will be removed for good, with any file and images it has. This cannot be undone.`,
    cancel: 'Cancel',
    confirm: 'Delete forever',
    confirming: 'Deleting...',
  },
  purged: 'Deleted forever',
  purgeFailed: 'Delete failed',
  pagination: { label: 'Pages', previous: 'Previous', next: 'Next' },
  loginRequired: {
    heading: 'Admin login required',
    text: 'The trash is for VPV Energy staff. Log in with the Admin Login button on the knowledge base, then come back.',
    action: 'Go to the admin login',
  },
  failed: {
    heading: 'The trash could not be loaded',
    text: 'Please try again in a moment.',
  },
  backToKnowledgeBase: 'Back to the knowledge base',
} as const;

/** Undo on the delete toasts (the toast titles themselves stay 'Document deleted', 'Term deleted', 'Lead deleted'). */
export const undoCopy = {
  label: 'Undo',
  failed: 'Undo failed',
} as const;
