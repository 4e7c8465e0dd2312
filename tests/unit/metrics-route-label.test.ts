import { describe, expect, it } from 'vitest';
import { expressRouteLabel, methodLabel, pageRouteLabeller } from '../../server/metrics/route-label.ts';

// The route label of GET /metrics (docs/operations.md, "Metrics"): patterns, never paths.
const module = {} as never;
const label = pageRouteLabeller({
  basename: '/',
  routes: {
    root: { id: 'root', path: '', module },
    'routes/home': { id: 'routes/home', parentId: 'root', index: true, module },
    'routes/kb': { id: 'routes/kb', parentId: 'root', path: 'knowledge-base', module },
    'routes/admin': { id: 'routes/admin', parentId: 'root', path: 'admin/leads', module },
    'routes/item': { id: 'routes/item', parentId: 'root', path: 'items/:id', module },
    'routes/nf': { id: 'routes/nf', parentId: 'root', path: '*', module },
  },
});

describe('route labels', () => {
  it('gives a page its route pattern, and its data request the same with .data', () => {
    expect(label('/')).toBe('/');
    expect(label('/knowledge-base')).toBe('/knowledge-base');
    expect(label('/knowledge-base/')).toBe('/knowledge-base');
    expect(label('/admin/leads')).toBe('/admin/leads');
    expect(label('/items/42')).toBe('/items/:id');
    expect(label('/knowledge-base.data')).toBe('/knowledge-base.data');
    expect(label('/items/42.data')).toBe('/items/:id.data');
    expect(label('/_root.data')).toBe('/_root.data');
    expect(label('/__manifest')).toBe('/__manifest');
  });

  it('puts every unknown path under the not-found route, whatever it holds', () => {
    for (const path of ['/nope', '/a/b/c', '/%00', '/wp-login.php', `/${'x'.repeat(5000)}`]) expect(label(path)).toBe('/*');
  });

  it('joins an Express route to its mount path', () => {
    expect(expressRouteLabel('/api', '/glossary/:id')).toBe('/api/glossary/:id');
    expect(expressRouteLabel('', '/healthz')).toBe('/healthz');
    expect(expressRouteLabel('/objects', '/')).toBe('/objects');
    expect(expressRouteLabel('/api', /regexp/)).toBeNull();
  });

  it('keeps the method label to the usual methods', () => {
    expect(methodLabel('GET')).toBe('GET');
    expect(methodLabel('PROPFIND')).toBe('other');
  });
});
