/**
 * The bar an admin sees while previewing drafts of the site content (`?preview=drafts`,
 * docs/pages.md, Site content). Visitors never see it.
 */
export const previewBar = {
  text: 'Previewing drafts: this page shows unpublished changes that visitors do not see.',
  exitLabel: 'Exit preview',
} as const;
