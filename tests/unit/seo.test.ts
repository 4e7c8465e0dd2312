import { describe, expect, it } from 'vitest';
import { type SeoArgs, seo } from '~/lib/seo';

const args = (pathname: string): SeoArgs => ({
  location: { pathname },
  matches: [{ id: 'root', loaderData: { siteUrl: 'https://vpv.example' } }],
});

function find(meta: ReturnType<typeof seo>, key: string, value: string) {
  return meta.find((entry) => (entry as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;
}

describe('the metadata facility', () => {
  it('renders title, description, keywords and robots index, follow', () => {
    const meta = seo(args('/leadership'), { title: 'Team', description: 'About us', keywords: ['a', 'b'] });
    expect(meta).toContainEqual({ title: 'Team' });
    expect(find(meta, 'name', 'description')?.content).toBe('About us');
    expect(find(meta, 'name', 'keywords')?.content).toBe('a, b');
    expect(find(meta, 'name', 'robots')?.content).toBe('index, follow');
  });

  it('says noindex, nofollow when noIndex is set', () => {
    const meta = seo(args('/x'), { title: 'T', description: 'D', noIndex: true });
    expect(find(meta, 'name', 'robots')?.content).toBe('noindex, nofollow');
  });

  it('defaults the canonical to the current URL and resolves a given path against the site origin', () => {
    expect(find(seo(args('/lng-vs-cng'), { title: 'T', description: 'D' }), 'rel', 'canonical')?.href).toBe(
      'https://vpv.example/lng-vs-cng',
    );
    expect(find(seo(args('/other'), { title: 'T', description: 'D', canonical: '/' }), 'rel', 'canonical')?.href).toBe(
      'https://vpv.example/',
    );
  });

  it('adds Open Graph and Twitter tags with the default 1200×630 image', () => {
    const meta = seo(args('/'), { title: 'T', description: 'D' });
    expect(find(meta, 'property', 'og:title')?.content).toBe('T');
    expect(find(meta, 'property', 'og:url')?.content).toBe('https://vpv.example/');
    expect(find(meta, 'property', 'og:image')?.content).toBe('https://vpv.example/og-default.png');
    expect(find(meta, 'property', 'og:image:width')?.content).toBe('1200');
    expect(find(meta, 'property', 'og:image:height')?.content).toBe('630');
    expect(find(meta, 'name', 'twitter:card')?.content).toBe('summary_large_image');
  });

  it('uses a given ogImage and emits one JSON-LD block per structured-data object', () => {
    const meta = seo(args('/'), {
      title: 'T',
      description: 'D',
      ogImage: '/images/x.png',
      structuredData: [{ '@type': 'Organization' }, { '@type': 'WebSite' }],
    });
    expect(find(meta, 'property', 'og:image')?.content).toBe('https://vpv.example/images/x.png');
    expect(find(meta, 'property', 'og:image:width')).toBeUndefined();
    expect(meta.filter((entry) => 'script:ld+json' in entry)).toHaveLength(2);
  });
});
