import { SITE_CONTENT_KINDS } from '@domain/site-content/types.ts';
import { describe, expect, it } from 'vitest';
import { MAX_TAG_BYTES, pagePath, pageTags, tagsForChange } from '../../server/http-cache/cache-tags.ts';

describe('pageTags', () => {
  it('names the page, `site`, and the kinds of content the page shows', () => {
    expect(pageTags('/')).toEqual(['page:/', 'site', 'associations']);
    expect(pageTags('/leadership')).toEqual(['page:/leadership', 'site', 'leaders']);
    expect(pageTags('/knowledge-base')).toEqual(['page:/knowledge-base', 'site', 'glossary', 'documents', 'faq']);
    expect(pageTags('/vpv-market')).toEqual(['page:/vpv-market', 'site']);
    expect(pageTags('/no-such-page')).toEqual(['page:/no-such-page', 'site']);
  });

  it('gives a data request its page’s tags', () => {
    expect(pageTags('/knowledge-base.data')).toEqual(pageTags('/knowledge-base'));
    expect(pageTags('/_root.data')).toEqual(pageTags('/'));
    expect(pageTags('/leadership/')).toEqual(pageTags('/leadership'));
  });

  it('escapes what would split a tag, and leaves out a page tag longer than the CDNs take', () => {
    expect(pagePath('/a,b c\u0001é')).toBe('/a%2Cb%20c%01%C3%A9');
    expect(pageTags(`/${'x'.repeat(MAX_TAG_BYTES)}`)).toEqual(['site']);
    expect(pageTags(`/${'x'.repeat(MAX_TAG_BYTES - 'page:/'.length)}`)[0]).toHaveLength(MAX_TAG_BYTES);
  });
});

describe('tagsForChange', () => {
  it('names what each change touches, and every tag it names is on some page', () => {
    expect(tagsForChange({ kind: 'glossary' })).toEqual(['glossary']);
    expect(tagsForChange({ kind: 'documents' })).toEqual(['documents']);
    expect(tagsForChange({ kind: 'site-content', contentKind: 'company' })).toEqual(['site']);
    expect(tagsForChange({ kind: 'site-content', contentKind: 'seo' })).toEqual(['site']);
    expect(tagsForChange({ kind: 'site-content', contentKind: 'leaders' })).toEqual(['leaders']);
    expect(tagsForChange({ kind: 'site-content', contentKind: 'faq' })).toEqual(['faq']);
    expect(tagsForChange({ kind: 'site-content', contentKind: 'associations' })).toEqual(['associations']);
    const onPages = new Set(['/', '/leadership', '/knowledge-base', '/sitemap'].flatMap(pageTags));
    for (const contentKind of SITE_CONTENT_KINDS) {
      for (const tag of tagsForChange({ kind: 'site-content', contentKind })) expect(onPages, tag).toContain(tag);
    }
  });
});
