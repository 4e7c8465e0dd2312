import type { SiteContentKind } from '@domain/site-content/types.ts';

/**
 * Cache tags: names for what a public page shows, sent with it in `Surrogate-Key` (Fastly,
 * Varnish with xkey) and `Cache-Tag` (Cloudflare), so that a change purges only the pages that
 * show it (docs/decisions/028-cdn-headers-and-purge.md). `site` is what every page shows (the
 * company facts in the header and footer, the search titles); `page:<path>` is one page with
 * all its query variants and its data requests.
 */
export type CacheTag = string;

/** A write that raised the content version, as the purge needs it: which kind of content changed. */
export type ContentChange = { kind: 'glossary' } | { kind: 'documents' } | { kind: 'site-content'; contentKind: SiteContentKind };

/**
 * The longest tag we send. Fastly takes a key of up to 1 kB, Cloudflare a tag of up to 1024
 * characters; a longer `page:` tag (only a made-up 404 path gets near it) is left out: such a
 * page is still purged by `site`.
 */
export const MAX_TAG_BYTES = 1024;

/** What each public page shows beyond `site`, by path (the route table, app/routes.ts). */
const PAGE_CONTENT: Readonly<Record<string, readonly CacheTag[]>> = {
  '/': ['associations'],
  '/leadership': ['leaders'],
  '/knowledge-base': ['glossary', 'documents', 'faq'],
};

/**
 * The tags of a public page request: `page:<path>`, `site`, and the kinds of content the page
 * shows. A data request (`/knowledge-base.data`, `/_root.data` for `/`) gets its page's tags.
 * `pathname` is the request's path, without the query.
 */
export function pageTags(pathname: string): CacheTag[] {
  const path = pagePath(pathname);
  const pageTag = `page:${path}`;
  return [...(Buffer.byteLength(pageTag) <= MAX_TAG_BYTES ? [pageTag] : []), 'site', ...(PAGE_CONTENT[path] ?? [])];
}

/** The tags whose pages a change makes stale. */
export function tagsForChange(change: ContentChange): CacheTag[] {
  switch (change.kind) {
    case 'glossary':
      return ['glossary'];
    case 'documents':
      return ['documents'];
    case 'site-content':
      switch (change.contentKind) {
        case 'company':
        case 'seo':
          return ['site'];
        case 'leaders':
          return ['leaders'];
        case 'faq':
          return ['faq'];
        case 'associations':
          return ['associations'];
      }
  }
}

/**
 * The page a request path stands for, in the form a tag names it: the data request's suffix
 * dropped (React Router asks `/_root.data` for the index page), a trailing slash dropped, and
 * what may not stand in a tag percent-encoded: the separators of the headers (space, comma),
 * control characters and anything beyond ASCII.
 */
export function pagePath(pathname: string): string {
  let path = pathname;
  if (path === '/_root.data') path = '/';
  else if (path.endsWith('.data')) path = path.slice(0, -'.data'.length);
  if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '') || '/';
  if (path === '') path = '/';
  return path.replace(/[^\x21-\x7e]|,/gu, (character) =>
    [...Buffer.from(character)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}
