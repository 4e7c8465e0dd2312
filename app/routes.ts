import { type RouteConfig, index, route } from '@react-router/dev/routes';

/** The route table (docs/pages.md): one module per page, no route parameters. */
export default [
  index('routes/home.tsx'),
  route('leadership', 'routes/leadership.tsx'),
  route('knowledge-base', 'routes/knowledge-base.tsx'),
  route('vpv-market', 'routes/vpv-market.tsx'),
  route('vpv-lease', 'routes/vpv-lease.tsx'),
  route('vpv-market-sandbox', 'routes/vpv-market-sandbox.tsx'),
  route('vpv-lease-sandbox', 'routes/vpv-lease-sandbox.tsx'),
  route('virtual-pipeline', 'routes/virtual-pipeline.tsx'),
  route('lng-vs-cng', 'routes/lng-vs-cng.tsx'),
  route('sitemap', 'routes/sitemap.tsx'),
  // Resource routes for crawlers, generated from content/pages.ts and SITE_URL.
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  route('admin/leads', 'routes/admin-leads.tsx'),
  route('admin/trash', 'routes/admin-trash.tsx'),
  route('admin/activity', 'routes/admin-activity.tsx'),
  route('admin/webhooks', 'routes/admin-webhooks.tsx'),
  route('admin/content', 'routes/admin-content.tsx'),
  route('admin/content/company', 'routes/admin-content-company.tsx'),
  route('admin/content/leaders', 'routes/admin-content-leaders.tsx'),
  route('admin/content/faq', 'routes/admin-content-faq.tsx'),
  route('admin/content/associations', 'routes/admin-content-associations.tsx'),
  route('admin/content/seo', 'routes/admin-content-seo.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
