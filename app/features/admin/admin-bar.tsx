/**
 * The knowledge base's admin area: Admin Login reveals the login form; once logged in, a
 * banner with the admin's name, Logout and Upload Document. (Filled in by the admin issue.)
 */
export function AdminBar() {
  return null;
}
