/** What an admin page says to a role that cannot open it (docs/admin.md, "Roles"). */
export const roleRefusalCopy = {
  heading: 'Not available to your role',
  /** When the server's 403 came without its message. */
  fallback: 'Your role cannot open this page.',
  help: 'An Owner can change your role if you need this page.',
  role: (label: string) => `Signed in as ${label}`,
};
