/**
 * Who is logged in lives in the root loader's data, which only a login or a logout changes.
 * The admin bar revalidates through `revalidateAdminChange`, and the root's shouldRevalidate
 * asks `adminChanging()`: every other revalidation on the same page (a Try again, a document
 * or glossary change, a tab change) leaves the root's data alone, so a network blip during it
 * is reported by the page's own data instead of the root error page (issue 16).
 */
let changing = false;

/** Revalidates after a login or a logout (or a publish of the company facts the header and footer show); the root loader runs again during this revalidation. */
export async function revalidateAdminChange(revalidate: () => Promise<void>): Promise<void> {
  changing = true;
  try {
    await revalidate();
  } finally {
    changing = false;
  }
}

/** Whether the revalidation under way follows a login or a logout (React Router may ask more than once). */
export function adminChanging(): boolean {
  return changing;
}
